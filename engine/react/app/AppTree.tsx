import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { StrictMode, useLayoutEffect, useMemo, type ReactNode } from 'react';
import { SESSION_FIELDS } from '../../core/session-contract.ts';
import { ComponentRegistryContext } from '../component-registry-context.ts';
import { withAdoptedGlobals } from '../theme/adopted-globals.ts';
import { sharedSystem } from '../theme/systems.ts';
import { showOverrides, showPageIcon, showTheme } from '../theme/theme-variables.ts';
import type { AppParts } from './assemble.ts';
import { RuntimeContext, type Runtime } from './runtime.ts';
import { useConfigVersion } from './config-version.ts';
import { InteractiveProvider } from './interactive.tsx';
import { Toaster } from './toaster.tsx';
import { TranslatorContext } from './translation.ts';

/** The page's Chakra system, made once for its themes (systems.ts keeps it): the render and `prepareTheme` share it. */
function pageSystem(themes: Runtime['config']['themes'], app: Runtime['config']['app']) {
  return sharedSystem(themes, app.defaultTheme, app.breakpoints);
}

/**
 * Makes the system the first render uses ahead of it (it is kept): the largest single piece of that
 * render, which a caller can so give a task of its own rather than the render's.
 */
export function prepareTheme(runtime: Runtime): void {
  pageSystem(runtime.config.themes, runtime.config.app);
}

function Themed({ runtime, children }: { runtime: Runtime; children: ReactNode }) {
  const theme = useSelector(runtime.session, (snapshot) => String((snapshot.context as Record<string, unknown>)[SESSION_FIELDS.theme] ?? ''));
  // Kept as text so that an equal map from a new snapshot is no change.
  const overrides = useSelector(runtime.session, (snapshot) => JSON.stringify((snapshot.context as Record<string, unknown>)[SESSION_FIELDS.themeOverrides] ?? {}));
  const icon = useSelector(runtime.session, (snapshot) => {
    const value = (snapshot.context as Record<string, unknown>)[SESSION_FIELDS.pageIcon];
    return typeof value === 'string' && value ? value : null;
  });
  const { themes, themeStyles, app } = runtime.config;
  const system = useMemo(() => withAdoptedGlobals(pageSystem(themes, app)), [themes, app]);
  // Before the browser paints what this render shows: a page never shows in the theme it leaves.
  useLayoutEffect(() => {
    showTheme(document.documentElement, themeStyles, Object.hasOwn(themes, theme) && theme !== app.defaultTheme ? theme : null);
  }, [theme, themes, themeStyles, app]);
  useLayoutEffect(() => {
    showOverrides(document.documentElement, JSON.parse(overrides));
  }, [overrides]);
  useLayoutEffect(() => {
    showPageIcon(document, icon);
  }, [icon]);
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
  const { components, runtime } = parts;
  const version = useConfigVersion();
  // Development mode: after an update of the texts, every component reading them gets a new
  // translator and so renders them again, memoized texts included.
  const translator = useMemo(
    () => (version === 0 ? parts.translator : { ...parts.translator, t: parts.translator.t.bind(null) }),
    [parts.translator, version],
  );
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
