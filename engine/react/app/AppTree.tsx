import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { StrictMode, useMemo, type ReactNode } from 'react';
import { SESSION_FIELDS } from '../../core/session-contract.ts';
import { ComponentRegistryContext } from '../registry.tsx';
import { systemFor } from '../theme/systems.ts';
import type { AppParts } from './assemble.ts';
import { RuntimeContext, type Runtime } from './runtime.ts';
import { InteractiveProvider } from './interactive.tsx';
import { Toaster } from './toaster.tsx';
import { TranslatorContext } from './translation.ts';

function Themed({ runtime, children }: { runtime: Runtime; children: ReactNode }) {
  const theme = useSelector(runtime.session, (snapshot) => String((snapshot.context as Record<string, unknown>)[SESSION_FIELDS.theme] ?? ''));
  const system = useMemo(() => systemFor(runtime.config.themes, theme, runtime.config.app.defaultTheme, runtime.config.app.breakpoints), [runtime, theme]);
  return (
    <ChakraProvider value={system}>
      {children}
      <Toaster />
    </ChakraProvider>
  );
}

/**
 * The providers around the router, the same in the browser and when rendering ahead of time.
 * `adopting`: the tree is rendered ahead of time, or adopts such markup (controls start inert).
 */
export function AppTree({ parts, router, adopting }: { parts: Omit<AppParts, 'routeObjects'>; router: ReactNode; adopting: boolean }) {
  const { components, runtime, translator } = parts;
  return (
    <StrictMode>
      <ComponentRegistryContext.Provider value={components}>
        <RuntimeContext.Provider value={runtime}>
          <TranslatorContext.Provider value={translator}>
            <QueryClientProvider client={runtime.queryClient}>
              <InteractiveProvider adopting={adopting}>
                <Themed runtime={runtime}>{router}</Themed>
              </InteractiveProvider>
            </QueryClientProvider>
          </TranslatorContext.Provider>
        </RuntimeContext.Provider>
      </ComponentRegistryContext.Provider>
    </StrictMode>
  );
}
