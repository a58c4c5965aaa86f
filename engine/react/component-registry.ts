// The renderer's side of the registry (engine/core/registry.ts): a component for every widget and
// shell definition, loaded on first use; eager ones are loaded before the first screen renders.
import { createElement, use, type ComponentType, type ReactNode } from 'react';
import { buildRegistry, type EngineExtension } from '../core/registry.ts';
import { noteChunk } from './app/chunk-usage.ts';
import { engineBuiltins } from './builtins.ts';
import type { ComponentRegistry, ShellComponent, WidgetComponent } from './component-types.ts';

/** A component that renders the loaded one, suspending until it is loaded (then never again). */
function loadable<P extends object>(kind: 'widget' | 'shell', name: string, load: () => Promise<unknown>): { Component: (props: P) => ReactNode; preload: () => Promise<unknown> } {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => (pending ??= load().then((component) => (loaded = component as ComponentType<P>)));
  // Two components so that no render calls use() conditionally: the first waits, the second never does.
  function Waiting(props: P) {
    return createElement(use(preload()), props);
  }
  function Loaded(props: P) {
    noteChunk(kind, name);
    // The loaded component is one module-level value, the same on every render.
    return createElement(loaded ?? Waiting, props);
  }
  return { Component: Loaded, preload };
}

/** The engine's built-ins merged with the product's modules; a name defined twice is an error. */
export function createComponentRegistry(modules: Record<string, EngineExtension> = {}): ComponentRegistry {
  const { registry, conflicts } = buildRegistry(engineBuiltins, modules);
  if (conflicts.length > 0) throw new Error(`registry: ${conflicts.map((c) => c.message).join('; ')}`);
  const widgets: Record<string, WidgetComponent> = {};
  const shells: Record<string, ShellComponent> = {};
  const eager: Array<() => Promise<unknown>> = [];
  const widgetPreloads: Record<string, () => Promise<unknown>> = {};
  const shellPreloads: Record<string, () => Promise<unknown>> = {};
  for (const [name, definition] of Object.entries(registry.widgets)) {
    const { Component, preload } = loadable<Parameters<WidgetComponent>[0]>('widget', name, definition.load);
    widgets[name] = Component;
    widgetPreloads[name] = preload;
    if (definition.eager) eager.push(preload);
  }
  for (const [name, definition] of Object.entries(registry.shells)) {
    const { Component, preload } = loadable<Parameters<ShellComponent>[0]>('shell', name, definition.load);
    shells[name] = Component;
    shellPreloads[name] = preload;
    if (definition.eager) eager.push(preload);
  }
  return {
    registry, widgets, shells,
    preload: async () => { await Promise.all(eager.map((load) => load())); },
    preloadWidgets: async (names) => { await Promise.all([...names].map((name) => widgetPreloads[name]?.())); },
    preloadShells: async (names) => { await Promise.all([...names].map((name) => shellPreloads[name]?.())); },
  };
}
