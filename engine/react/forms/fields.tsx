// rjsf fields the engine wraps. rjsf's SchemaField hands its field component a fresh copy of the
// field's uiSchema on every render (it strips the class names it consumed), and rjsf's ObjectField
// makes its children's callbacks from that uiSchema: every child of an object would render again
// whenever any one of them changes. The engine's ObjectField gives rjsf's the uiSchema it had before
// while the copy holds the same entries. The engine's StringField (and so NumberField, which renders
// it) shows typed text at once and hands it to the Form after the frame (typing.tsx). The engine's
// SchemaField makes every field read-only until the page's code runs (useInteractive).
import { useState } from 'react';
import { getDefaultRegistry } from '@rjsf/core';
import { shallowEquals, type FieldProps, type RegistryFieldsType, type UiSchema } from '@rjsf/utils';
import { useInteractive } from '../app/interactive.tsx';
import { withTypingAhead } from './typing.tsx';

const { ObjectField: RjsfObjectField, SchemaField: RjsfSchemaField, StringField: RjsfStringField } = getDefaultRegistry().fields;

/** Whether two uiSchema copies hold the same entries (their `ui:options`, also copied, compared entry by entry). */
export function sameUiEntries(a: UiSchema | undefined, b: UiSchema | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const { 'ui:options': optionsA, ...restA } = a;
  const { 'ui:options': optionsB, ...restB } = b;
  return shallowEquals(restA, restB) && shallowEquals(optionsA ?? {}, optionsB ?? {});
}

/** `uiSchema`, or the earlier object with the same entries. */
function useStableUiSchema(uiSchema: UiSchema | undefined): UiSchema | undefined {
  const [stable, setStable] = useState(uiSchema);
  if (sameUiEntries(stable, uiSchema)) return stable;
  setStable(uiSchema);
  return uiSchema;
}

export function ObjectField(props: FieldProps) {
  const uiSchema = useStableUiSchema(props.uiSchema);
  return <RjsfObjectField {...props} uiSchema={uiSchema} />;
}

export const StringField = withTypingAhead(RjsfStringField);

/**
 * rjsf's SchemaField, read-only while markup rendered ahead of time waits for its code. Each field
 * reads that itself rather than through the Form's `readonly`: a Form prop that changes makes rjsf
 * derive its whole state again and render the form once more, in the task that makes it interactive.
 */
export function SchemaField(props: FieldProps) {
  const interactive = useInteractive();
  return <RjsfSchemaField {...props} readonly={props.readonly || !interactive} />;
}

export const engineFields: RegistryFieldsType = { ObjectField, SchemaField, StringField };
