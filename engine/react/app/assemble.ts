// The parts of a running portal, made the same way in the browser (engine/react/boot.tsx) and when a
// page is rendered ahead of time (engine/react/prerender.tsx), so that both render the same tree.
import type { RouteObject } from 'react-router';
import type { OperationDescriptor } from '../../core/api/client.ts';
import type { EngineExtension } from '../../core/registry.ts';
import { createComponentRegistry } from '../component-registry.ts';
import type { ComponentRegistry } from '../component-types.ts';
import { buildRouteObjects } from '../router/build-routes.tsx';
import type { EngineConfig } from './config-types.ts';
import { createRuntime } from './create-runtime.ts';
import type { Navigator } from './runtime.ts';
import type { Runtime } from './runtime.ts';
import { createTranslator, type Translator } from './translator.ts';

export interface AppInput {
  config: EngineConfig;
  /** The product's modules by name, each adding widgets, shells, formatters and flow modules. */
  modules: Record<string, EngineExtension>;
  operations: Record<string, OperationDescriptor>;
  navigator: Navigator;
}

export interface AppParts { components: ComponentRegistry; translator: Translator; runtime: Runtime; routeObjects: RouteObject[] }

export function assembleApp({ config, modules, operations, navigator }: AppInput): AppParts {
  const components = createComponentRegistry(modules);
  const { flows, formatters } = components.registry;
  const translator = createTranslator(config.messages);
  const { notFound = 'not-found', serverError = 'server-error' } = config.routesDoc as { notFound?: string; serverError?: string };
  const runtime = createRuntime({ config, flows, formatters, operations, translator, navigator });
  // The runtime's compiled routes: compiling them again would cost a first load as much once more.
  return { components, translator, runtime, routeObjects: buildRouteObjects(runtime.routes, notFound, serverError) };
}
