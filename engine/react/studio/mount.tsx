// The development gallery's own page: mounted by boot() in place of the portal under /studio, in
// development builds only (the production build leaves this module and all it imports out).
import { ChakraProvider } from '@chakra-ui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import allMessages from 'virtual:engine-all-messages';
import type { OperationDescriptor } from '../../core/api/client.ts';
import type { EngineExtension } from '../../core/registry.ts';
import { assembleApp } from '../app/assemble.ts';
import type { EngineConfig } from '../app/config-types.ts';
import { TranslatorContext } from '../app/translation.ts';
import { createTranslator } from '../app/translator.ts';
import { sharedSystem } from '../theme/systems.ts';
import { StudioApp } from './StudioApp.tsx';
import { StudioConfigContext, StudioPortalContext } from './studio-config.ts';

export interface StudioPortal { modules: Record<string, EngineExtension>; operations: Record<string, OperationDescriptor> }

export function mountStudio(config: EngineConfig, element: HTMLElement, { modules, operations }: StudioPortal): void {
  const { themes, app } = config;
  // Every text at once: a form shown alone has no screen to bring its texts with it.
  const translator = createTranslator({ ...allMessages, ...config.messages });
  // The portal's widgets and runtime, for the pages that render widget nodes; they go nowhere.
  const navigator = { navigate: () => {}, location: () => ({ pathname: window.location.pathname, search: '' }) };
  const { runtime, components } = assembleApp({ config, modules, operations, navigator });
  createRoot(element).render(
    <StrictMode>
      <StudioConfigContext value={config}>
        <StudioPortalContext value={{ runtime, components }}>
          <TranslatorContext.Provider value={translator}>
            <ChakraProvider value={sharedSystem(themes, app.defaultTheme, app.breakpoints)}>
              <BrowserRouter>
                <StudioApp />
              </BrowserRouter>
            </ChakraProvider>
          </TranslatorContext.Provider>
        </StudioPortalContext>
      </StudioConfigContext>
    </StrictMode>,
  );
}
