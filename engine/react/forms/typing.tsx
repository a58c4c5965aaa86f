// Typing into a field re-renders that field alone. The field shows each keystroke at once and hands
// the value to rjsf's Form after the frame that shows it, as a transition: rjsf derives its whole
// state again on every change (defaults, a copy of the data, every field's props compared), which on
// a large form costs more than a frame, and a transition lets the next keystroke interrupt it. Values
// typed within one frame reach the Form as one change. A submit hands every value still on its way
// to the Form first, so nothing typed is ever left out of what is submitted.
//
// Only free-text fields wait: a choice (select, radio, checkbox) is one discrete change whose rules
// should apply in the same frame.
import { createContext, startTransition, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import type { FieldProps, UiSchema } from '@rjsf/utils';
import { GROUP_WIDGETS } from './templates.tsx';

type Change = Parameters<FieldProps['onChange']>;

/** The fields of one form with a value typed that the Form may not have committed yet. */
export class PendingTyping {
  private readonly pending = new Set<() => void>();

  /** Keeps `hand` (which gives the Form the field's latest value at once) until it is removed. */
  add(hand: () => void): () => void {
    this.pending.add(hand);
    return () => this.pending.delete(hand);
  }

  /** Hands every value still on its way to the Form, now and not as a transition. */
  handAll(): void {
    for (const hand of [...this.pending]) hand();
  }
}

const PendingTypingContext = createContext<PendingTyping | null>(null);
export const PendingTypingProvider = PendingTypingContext.Provider;

/** Widgets that make one discrete choice rather than take typed text: the option groups and a select. */
const CHOICE_WIDGETS = new Set([...GROUP_WIDGETS, 'select', 'SelectWidget']);

/** Whether the field takes typed text (no enumeration of values, no choice widget). */
export function takesTypedText(schema: FieldProps['schema'], uiSchema: UiSchema | undefined): boolean {
  if (schema.enum !== undefined || schema.const !== undefined || schema.oneOf !== undefined || schema.anyOf !== undefined) return false;
  const widget = uiSchema?.['ui:widget'];
  return !(typeof widget === 'string' && CHOICE_WIDGETS.has(widget));
}

/** The same value as a control reports it and as the Form echoes it (a number field echoes "12" as 12). */
function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  const plain = (v: unknown) => typeof v === 'string' || typeof v === 'number';
  return plain(a) && plain(b) && String(a) === String(b);
}

/** Runs `run` once the next frame has been painted (at once where there are no frames). */
function afterNextPaint(run: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function') {
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => { timer = setTimeout(run, 0); });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** `Field` (rjsf's StringField) showing typed text at once and handing it to the Form after the frame. */
export function withTypingAhead(Field: ComponentType<FieldProps>): ComponentType<FieldProps> {
  function TypedTextField(props: FieldProps) {
    const pendingTyping = useContext(PendingTypingContext);
    const [shown, setShown] = useState<unknown>(props.formData);
    /** Values handed on (or about to be) that the Form has not echoed back yet, oldest first. */
    const unechoed = useRef<unknown[]>([]);
    /** The latest change not handed on yet, and the latest change made. */
    const latestChange = useRef<Change | null>(null);
    const lastChange = useRef<Change | null>(null);
    const onChange = useRef(props.onChange);
    const cancelHand = useRef<(() => void) | null>(null);
    const forget = useRef<(() => void) | null>(null);
    useLayoutEffect(() => {
      onChange.current = props.onChange;
    });

    // The Form's value for the field changed: our own value coming back, or a change made elsewhere
    // (a rule clearing the field, the form reset), which the control then shows.
    useLayoutEffect(() => {
      const echoed = unechoed.current.findIndex((value) => sameValue(value, props.formData));
      if (echoed >= 0) {
        unechoed.current = unechoed.current.slice(echoed + 1);
      } else {
        unechoed.current = [];
        setShown(props.formData);
      }
      if (unechoed.current.length === 0) {
        forget.current?.();
        forget.current = null;
      }
    }, [props.formData]);

    const hand = useCallback((asTransition: boolean) => {
      cancelHand.current?.();
      cancelHand.current = null;
      const change = latestChange.current;
      if (!change) return;
      latestChange.current = null;
      if (asTransition) startTransition(() => onChange.current(...change));
      else onChange.current(...change);
    }, []);

    // A field that goes (hidden by a rule, the form closed) drops what it had not handed on: a
    // hidden field holds no value.
    useEffect(() => () => {
      cancelHand.current?.();
      forget.current?.();
    }, []);

    const handleChange = useCallback((...change: Change) => {
      setShown(change[0]);
      unechoed.current = [...unechoed.current, change[0]];
      latestChange.current = change;
      lastChange.current = change;
      if (!cancelHand.current) cancelHand.current = afterNextPaint(() => hand(true));
      if (!forget.current && pendingTyping) {
        forget.current = pendingTyping.add(() => {
          // Handed again if it already went as a transition: an urgent update (the submit) is
          // applied without the transitions still pending, and setting the same value twice is harmless.
          latestChange.current ??= lastChange.current;
          hand(false);
        });
      }
    }, [hand, pendingTyping]);

    return <Field {...props} formData={shown} onChange={handleChange} />;
  }
  return function StringFieldWithTyping(props: FieldProps) {
    return takesTypedText(props.schema, props.uiSchema) ? <TypedTextField {...props} /> : <Field {...props} />;
  };
}
