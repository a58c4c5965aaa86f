// Which describing elements exist for a field, so aria-describedby never points at nothing.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { descriptionId, errorId, helpId } from '@rjsf/utils';

interface AriaSource {
  id: string;
  rawErrors?: string[];
  uiSchema?: UiSchema;
  schema?: RJSFSchema;
}

export function hasDescription({ uiSchema, schema }: Pick<AriaSource, 'uiSchema' | 'schema'>): boolean {
  const options = uiSchema?.['ui:options'] as Record<string, unknown> | undefined;
  return Boolean(uiSchema?.['ui:description'] ?? options?.description ?? schema?.description);
}

export function hasHelp({ uiSchema }: Pick<AriaSource, 'uiSchema'>): boolean {
  const options = uiSchema?.['ui:options'] as Record<string, unknown> | undefined;
  return Boolean(uiSchema?.['ui:help'] ?? options?.help);
}

/** aria-invalid and aria-describedby for the control of a field. */
export function fieldAria(src: AriaSource): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  const ids: string[] = [];
  const invalid = Boolean(src.rawErrors && src.rawErrors.length > 0);
  if (hasDescription(src)) ids.push(descriptionId(src.id));
  if (hasHelp(src)) ids.push(helpId(src.id));
  if (invalid) ids.push(errorId(src.id));
  return {
    ...(invalid ? { 'aria-invalid': true as const } : {}),
    ...(ids.length ? { 'aria-describedby': ids.join(' ') } : {}),
  };
}

/** rjsf's `required`, overridden by a `require` rule (the rendered uiSchema's `ui:engineRequired`). */
export function isRequired(required: boolean | undefined, uiSchema?: UiSchema): boolean {
  const byRule = uiSchema?.['ui:engineRequired'];
  return typeof byRule === 'boolean' ? byRule : Boolean(required);
}
