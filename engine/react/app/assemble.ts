// The parts of a running portal, made the same way in the browser (engine/react/boot.tsx) and when a
// page is rendered ahead of time (engine/react/prerender.tsx), so that both render the same tree.
import type { RouteObject } from 'react-router';
import type { OperationDescriptor } from '../../core/api/client.ts';
import type { EngineExtension } from '../../core/registry.ts';
import { compileRoutes, type CompiledRoute } from '../../core/routes.ts';
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

/** What the runtime is made from: the parts that hold no state and start nothing. */
export interface AppGround { components: ComponentRegistry; translator: Translator; routes: CompiledRoute[] }

/** The first half of assembleApp: components, texts and the compiled routes. */
export function assembleGround({ config, modules }: Pick<AppInput, 'config' | 'modules'>): AppGround {
  return {
    components: createComponentRegistry(modules),
    translator: createTranslator(config.messages),
    routes: compileRoutes(config.routesDoc as never, new Set(config.enabledFeatures)),
  };
}

/** The second half of assembleApp: the runtime (its session started) and the router's routes. */
export function assembleRuntime(ground: AppGround, { config, operations, navigator }: Omit<AppInput, 'modules'>): AppParts {
  const { components, translator, routes } = ground;
  const { flows, formatters } = components.registry;
  const { notFound = 'not-found', serverError = 'server-error' } = config.routesDoc as { notFound?: string; serverError?: string };
  const runtime = createRuntime({ config, flows, formatters, operations, translator, navigator, routes });
  return { components, translator, runtime, routeObjects: buildRouteObjects(routes, notFound, serverError) };
}

/**
 * Every part at once. A browser's first load calls the two halves in two tasks instead (boot.tsx):
 * together they hold the main thread longer than a tap should wait.
 */
export function assembleApp(input: AppInput): AppParts {
  return assembleRuntime(assembleGround(input), input);
}
