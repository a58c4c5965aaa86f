// The keystroke page: one fixture form (`?form=keystroke-200`, default keystroke-10) rendered by the
// engine's SchemaForm exactly as FormWidget renders a form of schemas/forms/: loaded from
// `virtual:engine-forms` (precompiled validator and rule conditions), inside the portal's providers
// (StrictMode, the texts made by the engine from the portal's messages, Chakra with the default theme).
// `npm run bench` types into it (tests/bench/lib/keystroke.ts).
import { StrictMode, Suspense, use } from 'react';
import { createRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { TranslatorContext } from '../../../engine/react/app/translation.ts';
import { formLoaders } from 'virtual:engine-forms';
import { createTranslator } from '../../../engine/react/app/translator.ts';
import { SchemaForm } from '../../../engine/react/forms/index.ts';
import type { FormModule } from '../../../engine/react/forms/types.ts';
import { systemFor } from '../../../engine/react/theme/systems.ts';
import type { ThemeDocument } from '../../../engine/react/app/config-types.ts';
import portalMessages from '../../../schemas/messages/en.json';
import defaultTheme from '../../../themes/default.json';
import fixtureMessages from './messages.en.json';
import '../../../engine/react/theme/base.css';

const formId = new URLSearchParams(window.location.search).get('form') ?? 'keystroke-10';
const loading: Promise<FormModule> = formLoaders[formId]?.() ?? Promise.reject(new Error(`no fixture form "${formId}"`));
const translator = createTranslator({ ...portalMessages, ...fixtureMessages });
const theme = defaultTheme as unknown as ThemeDocument;
const system = systemFor({ [theme.name]: theme }, theme.name, theme.name);

function LoadedForm() {
  const { form, validator, conditions } = use(loading);
  // New props on every render of this component, as FormWidget passes them.
  return (
    <SchemaForm
      key={formId}
      id={formId}
      form={form}
      formContext={{ options: {} }}
      validator={validator}
      conditions={conditions}
      initialData={{}}
      busy={false}
      serverError={null}
      onSubmit={(data) => { document.body.dataset.submitted = JSON.stringify(data); }}
    />
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <TranslatorContext.Provider value={translator}>
      <ChakraProvider value={system}>
        <main style={{ maxWidth: '40rem', margin: '0 auto', padding: '1rem' }}>
          <Suspense fallback={null}>
            <LoadedForm />
          </Suspense>
        </main>
      </ChakraProvider>
    </TranslatorContext.Provider>
  </StrictMode>,
);
