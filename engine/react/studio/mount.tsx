// The development gallery's own page: mounted by boot() in place of the portal under /studio, in
// development builds only (the production build leaves this module and all it imports out).
import { ChakraProvider } from '@chakra-ui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import allMessages from 'virtual:engine-all-messages';
import type { EngineConfig } from '../app/config-types.ts';
import { TranslatorContext } from '../app/translation.ts';
import { createTranslator } from '../app/translator.ts';
import { sharedSystem } from '../theme/systems.ts';
import { StudioApp } from './StudioApp.tsx';
import { StudioConfigContext } from './studio-config.ts';

export function mountStudio(config: EngineConfig, element: HTMLElement): void {
  const { themes, app } = config;
  // Every text at once: a form shown alone has no screen to bring its texts with it.
  const translator = createTranslator({ ...allMessages, ...config.messages });
  createRoot(element).render(
    <StrictMode>
      <StudioConfigContext value={config}>
        <TranslatorContext.Provider value={translator}>
          <ChakraProvider value={sharedSystem(themes, app.defaultTheme, app.breakpoints)}>
            <BrowserRouter>
              <StudioApp />
            </BrowserRouter>
          </ChakraProvider>
        </TranslatorContext.Provider>
      </StudioConfigContext>
    </StrictMode>,
  );
}
