// Where a server's refusal shows in a form: each message the server gives for a request field
// (`fieldErrors`, named as in the request body) goes by the form field that filled it, the form's
// `serverFields` naming those whose names differ; the messages of fields the form lacks stay in
// the form's general error area.
import type { RJSFSchema } from '@rjsf/utils';
import type { FormDoc } from './types.ts';

export interface PlacedServerErrors {
  /** Form field path -> message. */
  byField: Record<string, string>;
  /** Messages for no field of the form. */
  unplaced: string[];
}

function isField(schema: RJSFSchema, path: string): boolean {
  let node: unknown = schema;
  for (const key of path.split('.')) {
    const props = (node as RJSFSchema | undefined)?.properties;
    if (!props || typeof props !== 'object' || !(key in props)) return false;
    node = (props as Record<string, unknown>)[key];
  }
  return true;
}

export function placeServerErrors(fieldErrors: Record<string, string> | undefined, form: Pick<FormDoc, 'schema' | 'serverFields'>): PlacedServerErrors {
  const byField: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const [requestField, message] of Object.entries(fieldErrors ?? {})) {
    const mapped = form.serverFields?.[requestField];
    const field = mapped ?? (isField(form.schema, requestField) ? requestField : undefined);
    if (field !== undefined && byField[field] === undefined) byField[field] = message;
    else unplaced.push(message);
  }
  return { byField, unplaced };
}
