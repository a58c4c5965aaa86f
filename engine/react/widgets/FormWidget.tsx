import { Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import { formLoaders } from 'virtual:engine-forms';
import { resolveBindings } from '../../core/bindings.ts';
import { SchemaForm } from '../forms/SchemaForm.tsx';
import { useScope } from '../app/scope.tsx';
import { Busy } from './Busy.tsx';
import { useFlowView } from './flow-context.ts';
import type { WidgetProps } from './WidgetNode.tsx';

type Loaded = Awaited<ReturnType<(typeof formLoaders)[string]>>;
const loaded = new Map<string, Promise<Loaded>>();

function load(id: string): Promise<Loaded> {
  let promise = loaded.get(id);
  if (!promise) {
    const loader = formLoaders[id];
    promise = loader ? loader() : Promise.reject(new Error(`No form "${id}"`));
    loaded.set(id, promise);
  }
  return promise;
}

/** Turns what a failed call said into text: the catalogue's text for its error code, else the server's words. */
function useErrorText(error: unknown): string | null {
  const { t, i18n } = useTranslation();
  if (!error || typeof error !== 'object') return null;
  const { code, text } = error as { code?: string; text?: string };
  if (code && i18n.exists(`errorCodes.${code}`)) return t(`errorCodes.${code}`);
  return text || t('errors.unexpected');
}

function LoadedForm({ node }: WidgetProps) {
  const id = String(node.form);
  const { form, validator } = use(load(id));
  const flow = useFlowView();
  const scope = useScope();
  const resolved = resolveBindings<Record<string, unknown> | undefined>(node.initialData, scope) ?? {};
  // Empty values are left out, so that an empty field reports "required" rather than a format error.
  const initialData = Object.fromEntries(Object.entries(resolved).filter(([, value]) => value !== '' && value !== null && value !== undefined));
  const serverError = useErrorText(flow?.context.error);
  return (
    <SchemaForm
      key={id}
      id={id}
      form={form}
      validator={validator}
      initialData={initialData}
      busy={flow?.busy ?? false}
      serverError={serverError}
      submitLabelKey={node.submit as string | undefined}
      onSubmit={(data: Record<string, unknown>) => flow?.send({ type: String(node.event ?? 'SUBMIT'), data })}
    />
  );
}

/** A form of schemas/forms/, loaded with its precompiled validator; submitting sends an event to the flow. */
export function FormWidget(props: WidgetProps) {
  return <Suspense fallback={<Busy />}><LoadedForm {...props} /></Suspense>;
}
