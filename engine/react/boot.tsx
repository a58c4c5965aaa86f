import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { StrictMode, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { OperationDescriptor } from '../core/api/client.ts';
import type { EngineExtension } from '../core/registry.ts';
import type { EngineConfig } from './app/config-types.ts';
import { createI18n } from './app/i18n.ts';
import { createRuntime, type Navigator } from './app/create-runtime.ts';
import { RuntimeContext, type Runtime } from './app/runtime.ts';
import { Toaster } from './app/toaster.tsx';
import { ComponentRegistryContext, createComponentRegistry } from './registry.tsx';
import { buildRouteObjects } from './router/build-routes.tsx';
import { systemFor } from './theme/systems.ts';
import { compileRoutes } from '../core/routes.ts';
import { SESSION_FIELDS } from '../core/session-contract.ts';

export interface BootOptions {
  config: EngineConfig;
  /**
   * The product's modules by name, each adding widgets, shells, formatters and flow modules to the
   * engine's built-ins (a name may be defined once: `npm run check` names a clash).
   */
  modules: Record<string, EngineExtension>;
  operations: Record<string, OperationDescriptor>;
  element: HTMLElement;
}

function Themed({ runtime, router }: { runtime: Runtime; router: ReturnType<typeof createBrowserRouter> }) {
  const theme = useSelector(runtime.session, (snapshot) => String((snapshot.context as Record<string, unknown>)[SESSION_FIELDS.theme] ?? ''));
  const system = useMemo(() => systemFor(runtime.config.themes, theme, runtime.config.app.defaultTheme, runtime.config.app.breakpoints), [runtime, theme]);
  return (
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
      <Toaster />
    </ChakraProvider>
  );
}

/** Starts the portal: configuration in, a running single-page application out. */
export async function boot({ config, modules, operations, element }: BootOptions) {
  const components = createComponentRegistry(modules);
  const { flows, formatters } = components.registry;
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
  const runtime = createRuntime({ config, flows, formatters, operations, i18n, navigator });
  router = createBrowserRouter(buildRouteObjects(routes, notFound, serverError));
  // The shells and the widgets of most first screens are in this chunk already: no request, no flash of a busy state.
  await components.preload();
  createRoot(element).render(
    <StrictMode>
      <ComponentRegistryContext.Provider value={components}>
        <RuntimeContext.Provider value={runtime}>
          <I18nextProvider i18n={i18n}>
            <QueryClientProvider client={runtime.queryClient}>
              <Themed runtime={runtime} router={router} />
            </QueryClientProvider>
          </I18nextProvider>
        </RuntimeContext.Provider>
      </ComponentRegistryContext.Provider>
    </StrictMode>,
  );
}
