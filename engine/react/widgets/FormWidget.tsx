import { lazy, Suspense, use, useCallback, useMemo, useState } from 'react';
import { Button } from '@chakra-ui/react';
import { resolveBindings } from '../../core/bindings.ts';
import { SchemaForm } from '../forms/SchemaForm.tsx';
import { placeServerErrors } from '../forms/server-errors.ts';
import type { FormCheck } from '../forms/types.ts';
import { useScope } from '../app/scope.tsx';
import { Busy } from './Busy.tsx';
import { loadForm } from '../app/config-chunks.ts';
import { useConfigVersion } from '../app/config-version.ts';
import { useFlowView } from './flow-context.ts';
import { useErrorText } from './error-text.ts';
import { useTranslator } from '../app/translation.ts';
import { WidgetChildren } from './WidgetNode.tsx';
import type { WidgetProps } from '../component-types.ts';

// Loaded only by a form that guards its changes: most forms never need the dialog.
const LeaveGuard = lazy(() => import('./LeaveGuardDialog.tsx').then((m) => ({ default: m.LeaveGuard })));

function LoadedForm({ node }: WidgetProps) {
  useConfigVersion();
  const id = String(node.form);
  const { form, validator, conditions } = use(loadForm(id));
  const flow = useFlowView();
  const scope = useScope();
  const resolved = resolveBindings<Record<string, unknown> | undefined>(node.initialData, scope) ?? {};
  // Empty values are left out, so that an empty field reports "required" rather than a format error.
  const initialData = Object.fromEntries(Object.entries(resolved).filter(([, value]) => value !== '' && value !== null && value !== undefined));
  const flowError = flow?.context.error as { fieldErrors?: Record<string, string> } | null | undefined;
  const errorText = useErrorText(flowError);
  // A refusal that names fields shows by them; only what names no field of this form stays above it.
  const placed = useMemo(() => (flowError?.fieldErrors ? placeServerErrors(flowError.fieldErrors, form) : null), [flowError, form]);
  const serverError = placed ? (placed.unplaced.length > 0 ? placed.unplaced.join(' ') : null) : errorText;
  // Limits known only at run time (`limit: $context.balance`) are resolved here; the schema, and so
  // its precompiled validator, stays as built.
  // The form object stays the same while the resolved limits are equal, so the form does not restart.
  const limits = JSON.stringify((form.checks as FormCheck[] | undefined)?.map((check) => ('limit' in check ? Number(resolveBindings(check.limit, scope)) : null)) ?? []);
  const boundForm = useMemo(() => {
    const resolved = JSON.parse(limits) as (number | null)[];
    const checks = (form.checks as FormCheck[] | undefined)?.map((check, index) => ('limit' in check ? { ...check, limit: resolved[index] } : check));
    return { ...form, checks };
  }, [form, limits]);
  const options = resolveBindings<Record<string, unknown> | undefined>(node.options, scope);
  const appliesOnChange = node.applyOnChange === true;
  // Applied as chosen: every change is the submission itself.
  const changeEvent = appliesOnChange ? String(node.event ?? 'SUBMIT') : node.changeEvent ? String(node.changeEvent) : null;
  const guarded = node.guardLeave === true;
  const [dirty, setDirty] = useState(false);
  // Discarding changes starts the form again from its initial values (a new form, by key).
  const [generation, setGeneration] = useState(0);
  const discard = useCallback(() => { setDirty(false); setGeneration((g) => g + 1); }, []);
  const { t } = useTranslator();
  const cancel = node.cancel as { text: string; event: string } | undefined;
  const cancelButton = useMemo(
    () => (cancel ? <Button type="button" variant="outline" colorPalette="brand" onClick={() => flow?.send({ type: cancel.event })}>{t(cancel.text)}</Button> : undefined),
    [cancel, flow, t],
  );
  return (
    <>
    {guarded ? <Suspense fallback={null}><LeaveGuard dirty={dirty} onDiscard={discard} /></Suspense> : null}
    <SchemaForm
      key={`${id}:${generation}`}
      id={id}
      form={boundForm}
      formContext={{ options: options ?? {} }}
      onChange={changeEvent ? (data: Record<string, unknown>) => flow?.send({ type: changeEvent, data }) : undefined}
      validator={validator}
      conditions={conditions}
      initialData={initialData}
      busy={flow?.busy ?? false}
      serverError={serverError}
      serverFieldErrors={placed?.byField}
      submitLabelKey={node.submit as string | undefined}
      beforeSubmit={Array.isArray(node.beforeSubmit) && node.beforeSubmit.length > 0 ? <WidgetChildren nodes={node.beforeSubmit} /> : undefined}
      onDirtyChange={guarded ? setDirty : undefined}
      extraActions={cancelButton}
      appliesOnChange={appliesOnChange}
      onSubmit={(data: Record<string, unknown>) => flow?.send({ type: String(node.event ?? 'SUBMIT'), data })}
    />
    </>
  );
}

/**
 * A form of schemas/forms/, loaded with its precompiled validator; submitting sends an event to the
 * flow. `beforeSubmit` widgets are shown between the fields and the submit button, so that what the
 * button will do (e.g. a total) is read before it.
 */
export function FormWidget(props: WidgetProps) {
  return <Suspense fallback={<Busy />}><LoadedForm {...props} /></Suspense>;
}
