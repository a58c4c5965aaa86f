// The engine's open registry: the names configuration may use (widgets, shells, formatters,
// flow guards, actions and actors), the engine's own merged with the product's modules.
// Framework-free, so that `npm run check` and `npm run generate` read the same definitions the
// renderer uses.
import type { FlowCatalog, FlowModule, Formatter } from './flow/types.ts';

export type JsonSchema = Record<string, unknown>;

/** A widget: the name screens use, its props (a JSON Schema) and its component, loaded on demand. */
export interface WidgetDefinition<Component = unknown> {
  name: string;
  /**
   * Its props as a JSON Schema (draft-07, `additionalProperties: false`): read by `npm run check`
   * and the docs generator, never by the browser. Shared parts: `$ref` to `node` (a nested widget
   * node), `view` (a flow view), `message` (a message key), `binding`, `display` and `values`
   * (engine/core/config/widget-props.ts).
   */
  props: () => Promise<JsonSchema>;
  /** The component. */
  load: () => Promise<Component>;
  /**
   * Loaded before the first screen renders: the build makes its loader a static import (part of the
   * first chunk, engine/build/definitions-plugin.ts). Otherwise fetched with the first screen using it.
   */
  eager?: boolean;
}

/** A frame around a layout's screens, named by a layout's `shell` in routes.yaml. */
export interface ShellDefinition<Component = unknown> {
  name: string;
  description: string;
  load: () => Promise<Component>;
  /** Loaded before the first screen renders (part of the first chunk). */
  eager?: boolean;
}

/** What one module (the engine's built-ins, or one product module) adds to the registry. */
export interface EngineExtension<Component = unknown> {
  widgets?: readonly WidgetDefinition<Component>[];
  shells?: readonly ShellDefinition<Component>[];
  /** Display formatters named by screens and grids (`format: money`). */
  formatters?: Record<string, Formatter>;
  /** Each flow's own guards, actions and actors, by flow name (flows/<name>.machine.yaml). */
  flows?: Record<string, FlowModule>;
  /** Modules of guards, actions and actors several flows share, by name (a machine's `uses`). */
  sharedFlows?: Record<string, FlowModule>;
  /**
   * Flow modules fetched with their machine rather than with the first page (a flow only some
   * users run: its code stays out of everyone else's first load), by flow name.
   */
  lazyFlows?: Record<string, () => Promise<FlowModule>>;
  /** Shared modules fetched with the first machine whose `uses` names one, by name. */
  lazySharedFlows?: Record<string, () => Promise<FlowModule>>;
}

/** The engine's own module: its extension, and the flow built-ins every lookup path ends with. */
export interface EngineBuiltins<Component = unknown> extends EngineExtension<Component> {
  flowBuiltins: FlowModule;
}

export interface Registry<Component = unknown> {
  widgets: Record<string, WidgetDefinition<Component>>;
  shells: Record<string, ShellDefinition<Component>>;
  formatters: Record<string, Formatter>;
  flows: FlowCatalog;
}

/**
 * A registry name defined twice: by the engine and a product module, or by two product modules.
 * (Names inside flow modules follow the lookup rules of engine/core/flow/lookup.ts instead.)
 */
export interface RegistryConflict {
  kind: 'widget' | 'shell' | 'formatter' | 'flow module' | 'shared flow module';
  name: string;
  /** The product module defining the name again. */
  module: string;
  message: string;
}

export const ENGINE_MODULE = 'engine';

/**
 * Merges the product's modules (by module name) over the engine's built-ins. A name may be defined
 * once: a second definition is a conflict and is left out (the first one stays).
 */
export function buildRegistry<Component>(
  builtins: EngineBuiltins<Component>,
  modules: Record<string, EngineExtension<Component>>,
): { registry: Registry<Component>; conflicts: RegistryConflict[] } {
  const registry: Registry<Component> = {
    widgets: {}, shells: {}, formatters: {}, flows: { builtins: builtins.flowBuiltins, flows: {}, shared: {}, lazy: {}, lazyShared: {} },
  };
  const conflicts: RegistryConflict[] = [];
  const owners = new Map<string, string>();
  const add = <T>(kind: RegistryConflict['kind'], target: Record<string, T>, name: string, value: T, module: string) => {
    const owner = owners.get(`${kind}:${name}`);
    if (owner !== undefined) {
      const by = owner === ENGINE_MODULE ? 'the engine (a built-in)' : owner === module ? 'this module already' : `module "${owner}"`;
      conflicts.push({ kind, name, module, message: `${kind} "${name}" of module "${module}" is also defined by ${by}` });
      return;
    }
    owners.set(`${kind}:${name}`, module);
    target[name] = value;
  };
  const merge = (module: string, ext: EngineExtension<Component>) => {
    for (const widget of ext.widgets ?? []) add('widget', registry.widgets, widget.name, widget, module);
    for (const shell of ext.shells ?? []) add('shell', registry.shells, shell.name, shell, module);
    for (const [name, fn] of Object.entries(ext.formatters ?? {})) add('formatter', registry.formatters, name, fn, module);
    for (const [name, flow] of Object.entries(ext.flows ?? {})) add('flow module', registry.flows.flows, name, flow, module);
    for (const [name, load] of Object.entries(ext.lazyFlows ?? {})) add('flow module', registry.flows.lazy ??= {}, name, load, module);
    for (const [name, shared] of Object.entries(ext.sharedFlows ?? {})) add('shared flow module', registry.flows.shared, name, shared, module);
    for (const [name, load] of Object.entries(ext.lazySharedFlows ?? {})) add('shared flow module', registry.flows.lazyShared ??= {}, name, load, module);
  };
  merge(ENGINE_MODULE, builtins);
  for (const [module, ext] of Object.entries(modules)) merge(module, ext);
  return { registry, conflicts };
}
