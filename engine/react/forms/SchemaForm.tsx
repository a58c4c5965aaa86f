// The generic form renderer: a form document (schemas/forms/<id>.yaml) + its precompiled validator
// -> an accessible Chakra form. Validation runs on submit, then live for fields that showed an error.
//
// Typing must stay cheap however many fields the form has (docs/bench.md, keystroke figures): a
// keystroke re-renders the field typed into and the fields whose rule state it changes, nothing else.
// Rule conditions run again only when a field they read changes (ruleEvaluator), the uiSchema keeps
// the identity of every field's node whose state did not change (markFieldStates), and every prop of
// rjsf's Form keeps its identity from one keystroke to the next (see StableForm). A text field shows
// its keystrokes itself and hands them to the Form after the frame (typing.tsx).
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, Button, HStack, Spinner, VisuallyHidden } from '@chakra-ui/react';
import { withTheme, type IChangeEvent, type ThemeProps } from '@rjsf/core';
import { deepEquals, getDefaultFormState, type ErrorSchema, type RJSFSchema, type RJSFValidationError, type UiSchema, type ValidatorType } from '@rjsf/utils';
import { useTranslator } from '../app/translation.ts';

import { awaitingCode, useInteractive } from '../app/interactive.tsx';
import { ErrorSummary, ServerError, type SummaryItem } from './ErrorSummary.tsx';
import { engineFields } from './fields.tsx';
import { cachedErrorTranslator, errorPath, fieldLabel, fieldOrder, makeErrorFilter, markFieldStates, translateUiSchema, type Translator } from './messages.ts';
import { stripHidden } from './data-paths.ts';
import { ruleErrors } from './rule-errors.ts';
import { PendingTyping, PendingTypingProvider } from './typing.tsx';
import { compiledRules, ruleEvaluator, sameStates, type FieldStates } from './rules.ts';
import {
  BaseInputTemplate,
  DescriptionFieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  FieldTemplate,
  ObjectFieldTemplate,
  TitleFieldTemplate,
} from './templates.tsx';
import type { ConditionFn, FormData, FormDoc } from './types.ts';
import { engineWidgets } from './widgets.tsx';

// Chakra-built templates and widgets of the engine's own (accessible labels, errors and help);
// anything not listed falls back to rjsf's core defaults. @rjsf/chakra-ui's theme is not used: it
// pulled an icon library and several unused Chakra machines (~55 KB gzip) into every form.
const engineTemplates: ThemeProps['templates'] = {
  BaseInputTemplate,
  DescriptionFieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  FieldTemplate,
  ObjectFieldTemplate,
  TitleFieldTemplate,
};
const ThemedForm = withTheme({ fields: engineFields, templates: engineTemplates, widgets: engineWidgets });

/**
 * rjsf's Form, rendered again only when a prop other than `formData` changes. rjsf keeps the data in
 * its own state and reports each change through `onChange`; SchemaForm hands it back as `formData`
 * only so that a render for another reason (a rule state, errors, busy) never puts older data in.
 * Rendering the Form again just for that echo would make rjsf derive its whole state again (defaults,
 * schema retrieval, deep comparisons) on every keystroke. The values SchemaForm removes, those of
 * fields that hide, go in with the render that hides them: hiding changes the uiSchema too.
 */
const StableForm = memo(ThemedForm, (prev, next) =>
  Object.keys({ ...prev, ...next }).every((key) => key === 'formData' || Object.is(prev[key as keyof typeof prev], next[key as keyof typeof next])),
) as typeof ThemedForm;

export interface SchemaFormProps {
  /** Unique on the page; prefixes every field id (`<id>_<field>`). */
  id: string;
  form: FormDoc;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  validator: ValidatorType<any, RJSFSchema, any>;
  /** The form's compiled rule conditions (`conditions` of `virtual:engine-form/<id>`), one per rule. */
  conditions: ConditionFn[];
  /** Called with valid data, hidden fields removed. */
  onSubmit: (data: FormData) => void | Promise<unknown>;
  busy?: boolean;
  initialData?: FormData;
  /** Message key of the submit button; defaults to the form's `submit`, then `forms.submit`. */
  submitLabelKey?: string;
  /** Already translated text of a failed submission (shown in the summary area, without links). */
  serverError?: string | null;
  /** A failed submission's messages by form field (dotted path): shown by each field and in the summary until the next submission. */
  serverFieldErrors?: Record<string, string> | null;
  extraActions?: ReactNode;
  /** Shown inside the form after its fields and before the submit button (e.g. what submitting will do). */
  beforeSubmit?: ReactNode;
  onChange?: (data: FormData) => void;
  /** Told when the values first differ from those the form started with (or last submitted), and when they no longer do. */
  onDirtyChange?: (dirty: boolean) => void;
  /** Run-time values widgets may read, e.g. the options of a `choice` field (`ui:options.source`). */
  formContext?: Record<string, unknown>;
  /**
   * A choice that applies as it is made (`onChange` acts): no submit button, and no required marks
   * (there is nothing to submit that a missing value could stop).
   */
  appliesOnChange?: boolean;
  /**
   * Validates each field as it is changed, not first on submit (a field left as it started shows no
   * error until submit). For previews of a form in development builds only: the portal's forms wait
   * for the first submit, and its production build leaves this out.
   */
  liveValidate?: boolean;
}

interface ShownError {
  path: string;
  message: string;
}

function sameErrors(a: ShownError[], b: ShownError[]): boolean {
  return a.length === b.length && a.every((error, i) => error.path === b[i].path && error.message === b[i].message);
}

/** `value`, or the earlier value it deep-equals, so a prop a parent re-creates on each render keeps its identity. */
function useDeepStable<T>(value: T): T {
  const [stable, setStable] = useState(value);
  if (stable === value || deepEquals(stable, value)) return stable;
  setStable(value);
  return value;
}

/** The uiSchema rjsf renders with, and the rule states and translated uiSchema it was made from. */
interface RuleView {
  states: FieldStates;
  translated: UiSchema;
  ui: UiSchema;
}

function valueAt(data: FormData, path: string): unknown {
  let node: unknown = data;
  for (const key of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  return node;
}

function toErrorSchema(errors: ShownError[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const { path, message } of errors) {
    let node = root;
    for (const key of path.split('.').filter(Boolean)) {
      node[key] = (node[key] as Record<string, unknown> | undefined) ?? {};
      node = node[key] as Record<string, unknown>;
    }
    node.__errors = [...((node.__errors as string[] | undefined) ?? []), message];
  }
  return root as ErrorSchema;
}

/** The submit button: inert until the page's code runs, reading that itself so that the Form's children stay the same. */
function SubmitButton({ busy, label }: { busy: boolean; label: string }) {
  const interactive = useInteractive();
  return (
    <Button type="submit" colorPalette="brand" disabled={busy || !interactive} aria-disabled={busy || undefined} {...awaitingCode(interactive)}>
      {busy ? <Spinner size="sm" aria-hidden="true" /> : null}
      {label}
    </Button>
  );
}

export function SchemaForm(props: SchemaFormProps) {
  const { id, form, validator, conditions, busy = false, serverError, extraActions, beforeSubmit } = props;
  const liveValidate = import.meta.env.DEV && props.liveValidate === true;
  const tr: Translator = useTranslator();

  const rules = useMemo(() => compiledRules(form.id, form.rules, conditions), [form.id, form.rules, conditions]);
  const evaluate = useMemo(() => ruleEvaluator(rules), [rules]);
  const translated = useMemo(() => translateUiSchema(form.schema, form.ui, tr.t), [form.schema, form.ui, tr]);
  const order = useMemo(() => fieldOrder(form.schema, form.ui), [form.schema, form.ui]);

  // Schema defaults under the form's `defaults` under `initialData`, so rules see the values rjsf will show.
  // A hidden field holds no value.
  const [data, setData] = useState<FormData>(() => {
    const start = getDefaultFormState(validator, form.schema, { ...(form.defaults ?? {}), ...(props.initialData ?? {}) }) as FormData;
    return stripHidden(start, evaluate(start).hidden);
  });
  const [view, setView] = useState<RuleView>(() => {
    const states = evaluate(data);
    return { states, translated, ui: markFieldStates(translated, form.schema, states) };
  });
  // Made again from scratch only when the texts change (another language).
  const uiSchema = useMemo(
    () => (view.translated === translated ? view.ui : markFieldStates(translated, form.schema, view.states)),
    [view, translated, form.schema],
  );
  const [errors, setErrors] = useState<ShownError[]>([]);
  const [summaryNonce, setSummaryNonce] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const serverRef = useRef<HTMLDivElement>(null);

  // What the handlers read without being made again (their identity is a prop of rjsf's Form).
  const dataRef = useRef(data);
  /** Field paths that have shown an error: validated live from then on. */
  const shownRef = useRef<Set<string>>(new Set());
  const latest = useRef({ busy, onSubmit: props.onSubmit, onChange: props.onChange, onDirtyChange: props.onDirtyChange });
  useLayoutEffect(() => {
    latest.current = { busy, onSubmit: props.onSubmit, onChange: props.onChange, onDirtyChange: props.onDirtyChange };
  });
  /** The values changes are measured from: the starting ones (with rjsf's defaults), then the last submitted. */
  const baselineRef = useRef(data);
  const dirtyRef = useRef(false);
  const markDirty = useCallback((dirty: boolean) => {
    if (dirtyRef.current === dirty) return;
    dirtyRef.current = dirty;
    latest.current.onDirtyChange?.(dirty);
  }, []);

  // rjsf's Form reports the defaults it fills in while it is first rendered. A render must not act
  // outside the component: one React drops and tries again (a deferred or interrupted render) would
  // tell the parent again on every try, and a parent that re-renders when told (a flow) interrupts
  // the render again, for ever. Such a report reaches the parent once the form is on screen.
  const onScreen = useRef(false);
  const reportedBeforeOnScreen = useRef<FormData | null>(null);
  useLayoutEffect(() => {
    onScreen.current = true;
    const early = reportedBeforeOnScreen.current;
    reportedBeforeOnScreen.current = null;
    if (early) latest.current.onChange?.(early);
    return () => { onScreen.current = false; };
  }, []);

  const messageOf = useMemo(() => cachedErrorTranslator(form, tr), [form, tr]);
  /**
   * Validates `values` as submitted: hidden fields removed, their errors dropped, the first error of
   * each field kept, in display order. `only`: the fields whose errors are wanted (the others are not
   * translated).
   */
  const validate = useCallback(
    (values: FormData, only?: Set<string>): ShownError[] => {
      const now = evaluate(values);
      const clean = stripHidden(values, now.hidden);
      // Hidden fields are not validated; disabled ones cannot be fixed by the user, so their errors go too.
      const skipped = new Set([...now.hidden, ...now.disabled]);
      const extra = ruleErrors(form, clean, now) as RJSFValidationError[];
      const keep = makeErrorFilter(() => ({ skipped, required: now.required, extra }));
      const result = validator.validateFormData(clean, form.schema, undefined, keep, translated);
      const firstPerField = new Map<string, RJSFValidationError>();
      for (const error of result.errors as RJSFValidationError[]) {
        const path = errorPath(error);
        if (!firstPerField.has(path) && (!only || only.has(path))) firstPerField.set(path, error);
      }
      const rank = (path: string) => {
        const i = order.indexOf(path);
        return i < 0 ? order.length : i;
      };
      return [...firstPerField.entries()]
        .map(([path, error]) => ({ path, message: messageOf(error) }))
        .sort((a, b) => rank(a.path) - rank(b.path));
    },
    [form, evaluate, validator, translated, order, messageOf],
  );

  const handleChange = useCallback(
    (event: IChangeEvent<FormData>) => {
      const raw = event.formData ?? {};
      const states = evaluate(raw);
      const next = stripHidden(raw, states.hidden);
      dataRef.current = next;
      setData(next);
      // Only the nodes of fields whose state changed are new (the same view while none did).
      setView((prev) => {
        const sameTexts = prev.translated === translated;
        if (sameTexts && sameStates(prev.states, states)) return prev;
        return { states, translated, ui: markFieldStates(translated, form.schema, states, sameTexts ? prev : undefined) };
      });
      const shown = shownRef.current;
      // A preview validates live, besides the fields that showed an error, every field changed from where it started.
      if (liveValidate && onScreen.current) for (const path of order) if (!deepEquals(valueAt(next, path), valueAt(baselineRef.current, path))) shown.add(path);
      if (shown.size > 0) {
        const live = validate(next, shown);
        setErrors((prev) => (sameErrors(prev, live) ? prev : live));
      }
      if (onScreen.current) {
        latest.current.onChange?.(next);
        markDirty(!deepEquals(next, baselineRef.current));
      } else {
        // The defaults rjsf fills in while first rendering are where the user starts from.
        baselineRef.current = next;
        reportedBeforeOnScreen.current = next;
      }
    },
    [evaluate, translated, form.schema, validate, markDirty, liveValidate, order],
  );

  const handleSubmit = useCallback(
    (event: IChangeEvent<FormData>) => {
      if (latest.current.busy) return;
      const values = event.formData ?? dataRef.current;
      const found = validate(values);
      if (found.length > 0) {
        shownRef.current = new Set([...shownRef.current, ...found.map((e) => e.path)]);
        setErrors(found);
        setSummaryNonce((n) => n + 1);
        return;
      }
      shownRef.current = new Set();
      setErrors((prev) => (prev.length === 0 ? prev : []));
      baselineRef.current = values;
      markDirty(false);
      void latest.current.onSubmit(stripHidden(values, evaluate(values).hidden));
    },
    [validate, evaluate, markDirty],
  );

  useEffect(() => {
    if (summaryNonce > 0) summaryRef.current?.focus();
  }, [summaryNonce]);
  useEffect(() => {
    if (serverError) serverRef.current?.focus();
  }, [serverError]);
  const { serverFieldErrors } = props;
  // A refusal by field moves focus to the summary, as the form's own errors do.
  useEffect(() => {
    if (serverFieldErrors && Object.keys(serverFieldErrors).length > 0) summaryRef.current?.focus();
  }, [serverFieldErrors]);

  // The values the server refused: a field's refusal shows until its value changes or the form is submitted again.
  const [refused, setRefused] = useState({ errors: serverFieldErrors, values: data });
  if (refused.errors !== serverFieldErrors) setRefused({ errors: serverFieldErrors, values: data });

  /** The form's own errors, then the server's for the unchanged fields that have none of their own, in display order. */
  const shownErrors = useMemo(() => {
    const server = Object.entries(serverFieldErrors ?? {}).filter(
      ([path]) => !errors.some((e) => e.path === path) && deepEquals(valueAt(data, path), valueAt(refused.values, path)),
    );
    if (server.length === 0) return errors;
    const rank = (path: string) => {
      const i = order.indexOf(path);
      return i < 0 ? order.length : i;
    };
    return [...errors, ...server.map(([path, message]) => ({ path, message }))].sort((a, b) => rank(a.path) - rank(b.path));
  }, [errors, serverFieldErrors, order, data, refused]);
  const extraErrors = useMemo(() => toErrorSchema(shownErrors), [shownErrors]);
  const summaryItems = useMemo<SummaryItem[]>(
    () =>
      shownErrors.map(({ path, message }) => {
        const label = path ? fieldLabel(form, path, tr.t) : undefined;
        const text = label
          ? tr.exists('forms.errorSummaryItem')
            ? tr.t('forms.errorSummaryItem', { field: label, message })
            : `${label}: ${message}`
          : message;
        return { path, text, targetId: path ? [id, ...path.split('.')].join('_') : '' };
      }),
    [shownErrors, form, tr, id],
  );
  const formContext = useDeepStable(props.appliesOnChange ? { ...props.formContext, appliesOnChange: true } : props.formContext);
  const [pendingTyping] = useState(() => new PendingTyping());

  const submitKey = props.submitLabelKey ?? form.submit ?? 'forms.submit';
  const actions = useMemo(
    () => (
      <>
        {beforeSubmit ? <Box mt="2" mb="4">{beforeSubmit}</Box> : null}
        <HStack gap="3" mt="2" wrap="wrap">
          {props.appliesOnChange ? null : <SubmitButton busy={busy} label={tr.t(submitKey)} />}
          {extraActions}
        </HStack>
        <VisuallyHidden role="status">{busy ? tr.t('forms.busy') : ''}</VisuallyHidden>
      </>
    ),
    [beforeSubmit, busy, tr, submitKey, extraActions, props.appliesOnChange],
  );

  return (
    // Capture: the Form's own submit handler runs after every typed value has reached it.
    <Box onSubmitCapture={() => pendingTyping.handAll()}>
      {serverError ? <ServerError ref={serverRef} message={serverError} /> : null}
      {summaryItems.length > 0 ? <ErrorSummary ref={summaryRef} idBase={id} items={summaryItems} /> : null}
      <PendingTypingProvider value={pendingTyping}>
        <StableForm
          idPrefix={id}
          schema={form.schema}
          uiSchema={uiSchema}
          validator={validator}
          formData={data}
          onChange={handleChange}
          onSubmit={handleSubmit}
          extraErrors={extraErrors}
          formContext={formContext}
          noValidate
          noHtml5Validate
          showErrorList={false}
        >
          {actions}
        </StableForm>
      </PendingTypingProvider>
    </Box>
  );
}
