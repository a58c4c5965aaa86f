import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { StrictMode, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { OperationDescriptor } from '../core/api/client.ts';
import type { FlowImplementations } from '../core/flow/types.ts';
import type { EngineConfig } from './app/config-types.ts';
import { createI18n } from './app/i18n.ts';
import { createRuntime, type Navigator } from './app/create-runtime.ts';
import { RuntimeContext, type Runtime } from './app/runtime.ts';
import { Toaster } from './app/toaster.tsx';
import { buildRouteObjects } from './router/build-routes.tsx';
import { systemFor } from './theme/systems.ts';
import { compileRoutes } from '../core/routes.ts';

export interface BootOptions {
  config: EngineConfig;
  flows: FlowImplementations;
  operations: Record<string, OperationDescriptor>;
  element: HTMLElement;
}

function Themed({ runtime, router }: { runtime: Runtime; router: ReturnType<typeof createBrowserRouter> }) {
  const theme = useSelector(runtime.session, (snapshot) => String((snapshot.context as Record<string, unknown>).theme ?? ''));
  const system = useMemo(() => systemFor(runtime.config.themes, theme, runtime.config.app.defaultTheme, runtime.config.app.breakpoints), [runtime, theme]);
  return (
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
      <Toaster />
    </ChakraProvider>
  );
}

/** Starts the portal: configuration in, a running single-page application out. */
export function boot({ config, flows, operations, element }: BootOptions) {
  const i18n = createI18n(config.messages);
  document.documentElement.lang = 'en';
  const routes = compileRoutes(config.routesDoc as never, new Set(config.enabledFeatures));
  const { notFound = 'not-found', serverError = 'server-error' } = config.routesDoc as { notFound?: string; serverError?: string };
  // The router and the runtime need each other: the router is made first, the runtime reaches it lazily.
  let router: ReturnType<typeof createBrowserRouter> | null = null;
  const navigator: Navigator = {
    navigate: (to, options) => { void router?.navigate(to, options); },
    location: () => ({ pathname: window.location.pathname, search: window.location.search }),
  };
  const runtime = createRuntime({ config, flows, operations, i18n, navigator });
  router = createBrowserRouter(buildRouteObjects(routes, notFound, serverError));
  createRoot(element).render(
    <StrictMode>
      <RuntimeContext.Provider value={runtime}>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={runtime.queryClient}>
            <Themed runtime={runtime} router={router} />
          </QueryClientProvider>
        </I18nextProvider>
      </RuntimeContext.Provider>
    </StrictMode>,
  );
}
