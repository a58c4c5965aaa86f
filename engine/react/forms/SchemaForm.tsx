// The generic form renderer: a form document (schemas/forms/<id>.yaml) + its precompiled validator
// -> an accessible Chakra form. Validation runs on submit, then live for fields that showed an error.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, Button, HStack, Spinner, VisuallyHidden } from '@chakra-ui/react';
import { withTheme, type IChangeEvent, type ThemeProps } from '@rjsf/core';
import { getDefaultFormState, type ErrorSchema, type RJSFSchema, type RJSFValidationError, type ValidatorType } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

import { ErrorSummary, ServerError, type SummaryItem } from './ErrorSummary.tsx';
import { errorPath, fieldLabel, fieldOrder, makeTransformErrors, renderUiSchema, type Translator } from './messages.ts';
import { stripHidden } from './data-paths.ts';
import { ruleErrors } from './rule-errors.ts';
import { compiledRules, fieldStates } from './rules.ts';
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
const ThemedForm = withTheme({ templates: engineTemplates, widgets: engineWidgets });

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
  extraActions?: ReactNode;
  /** Shown inside the form after its fields and before the submit button (e.g. what submitting will do). */
  beforeSubmit?: ReactNode;
  onChange?: (data: FormData) => void;
  /** Run-time values widgets may read, e.g. the options of a `choice` field (`ui:options.source`). */
  formContext?: Record<string, unknown>;
}

interface ShownError {
  path: string;
  message: string;
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

export function SchemaForm(props: SchemaFormProps) {
  const { id, form, validator, conditions, busy = false, serverError, extraActions } = props;
  const { t, i18n } = useTranslation();
  const tr = useMemo<Translator>(
    () => ({
      t: (key, options) => String(t(key, options as never)),
      exists: (key, options) => i18n.exists(key, options as never),
    }),
    // i18n.language: re-translate when the language changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n, i18n.language],
  );

  const rules = useMemo(() => compiledRules(form.id, form.rules, conditions), [form.id, form.rules, conditions]);
  /** `values` without the values of the fields hidden for them: a hidden field holds no value. */
  const withoutHidden = useCallback((values: FormData) => stripHidden(values, fieldStates(rules, values).hidden), [rules]);

  // Schema defaults under the form's `defaults` under `initialData`, so rules see the values rjsf will show.
  const [data, setData] = useState<FormData>(() =>
    withoutHidden(
      getDefaultFormState(validator, form.schema, { ...(form.defaults ?? {}), ...(props.initialData ?? {}) }) as FormData,
    ),
  );
  const dataRef = useRef(data);
  /** Field paths that have shown an error: validated live from then on. */
  const [shown, setShown] = useState<Set<string>>(() => new Set());
  const [errors, setErrors] = useState<ShownError[]>([]);
  const [summaryNonce, setSummaryNonce] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const serverRef = useRef<HTMLDivElement>(null);

  const states = useMemo(() => fieldStates(rules, data), [rules, data]);
  const uiSchema = useMemo(() => renderUiSchema(form.schema, form.ui, tr.t, states), [form, tr, states]);
  const order = useMemo(() => fieldOrder(form.schema, form.ui), [form]);

  /** Validates `values` as submitted: hidden fields removed, their errors dropped, messages translated. */
  const validate = useCallback(
    (values: FormData): ShownError[] => {
      const now = fieldStates(rules, values);
      const clean = stripHidden(values, now.hidden);
      // Hidden fields are not validated; disabled ones cannot be fixed by the user, so their errors go too.
      const skipped = new Set([...now.hidden, ...now.disabled]);
      const extra = ruleErrors(form, clean, now) as RJSFValidationError[];
      const transformErrors = makeTransformErrors(form, tr, () => ({ skipped, required: now.required, extra }));
      const result = validator.validateFormData(clean, form.schema, undefined, transformErrors, uiSchema);
      const firstPerField = new Map<string, string>();
      for (const error of result.errors as RJSFValidationError[]) {
        const path = errorPath(error);
        if (!firstPerField.has(path)) firstPerField.set(path, error.message ?? '');
      }
      const rank = (path: string) => {
        const i = order.indexOf(path);
        return i < 0 ? order.length : i;
      };
      return [...firstPerField.entries()]
        .map(([path, message]) => ({ path, message }))
        .sort((a, b) => rank(a.path) - rank(b.path));
    },
    [form, rules, tr, validator, uiSchema, order],
  );

  const handleChange = (event: IChangeEvent<FormData>) => {
    const next = withoutHidden(event.formData ?? {});
    dataRef.current = next;
    setData(next);
    if (shown.size > 0) setErrors(validate(next).filter((e) => shown.has(e.path)));
    props.onChange?.(next);
  };

  const handleSubmit = (event: IChangeEvent<FormData>) => {
    if (busy) return;
    const values = event.formData ?? dataRef.current;
    const found = validate(values);
    if (found.length > 0) {
      setShown((prev) => new Set([...prev, ...found.map((e) => e.path)]));
      setErrors(found);
      setSummaryNonce((n) => n + 1);
      return;
    }
    setShown(new Set());
    setErrors([]);
    void props.onSubmit(withoutHidden(values));
  };

  useEffect(() => {
    if (summaryNonce > 0) summaryRef.current?.focus();
  }, [summaryNonce]);
  useEffect(() => {
    if (serverError) serverRef.current?.focus();
  }, [serverError]);

  const extraErrors = useMemo(() => toErrorSchema(errors), [errors]);
  const summaryItems: SummaryItem[] = errors.map(({ path, message }) => {
    const label = path ? fieldLabel(form, path, tr.t) : undefined;
    const text = label
      ? tr.exists('forms.errorSummaryItem')
        ? tr.t('forms.errorSummaryItem', { field: label, message })
        : `${label}: ${message}`
      : message;
    return { path, text, targetId: path ? [id, ...path.split('.')].join('_') : '' };
  });

  const submitKey = props.submitLabelKey ?? form.submit ?? 'forms.submit';

  return (
    <Box>
      {serverError ? <ServerError ref={serverRef} message={serverError} /> : null}
      {summaryItems.length > 0 ? <ErrorSummary ref={summaryRef} idBase={id} items={summaryItems} /> : null}
      <ThemedForm
        idPrefix={id}
        schema={form.schema}
        uiSchema={uiSchema}
        validator={validator}
        formData={data}
        onChange={handleChange}
        onSubmit={handleSubmit}
        extraErrors={extraErrors}
        formContext={props.formContext}
        noValidate
        noHtml5Validate
        showErrorList={false}
      >
        {props.beforeSubmit ? <Box mt="2" mb="4">{props.beforeSubmit}</Box> : null}
        <HStack gap="3" mt="2" wrap="wrap">
          <Button type="submit" colorPalette="brand" disabled={busy} aria-disabled={busy || undefined}>
            {busy ? <Spinner size="sm" aria-hidden="true" /> : null}
            {t(submitKey)}
          </Button>
          {extraActions}
        </HStack>
        <VisuallyHidden role="status">{busy ? t('forms.busy') : ''}</VisuallyHidden>
      </ThemedForm>
    </Box>
  );
}
