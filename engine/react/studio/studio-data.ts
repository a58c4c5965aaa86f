// What the gallery reads of the product, through the same virtual modules the portal reads: each
// loaded once and shared by the pages (a promise React's `use` can wait for).
import { screenLoaders } from 'virtual:engine-screens';
import { flowLoaders } from 'virtual:engine-flows';
import { formIds, formLoaders } from 'virtual:engine-forms';
import type { FlowDocument } from '../../core/flow/types.ts';
import type { FormModule } from '../forms/types.ts';

export { formIds };
export const flowNames = Object.keys(flowLoaders).sort();
export const screenNames = Object.keys(screenLoaders).sort();

const cache = new Map<string, Promise<unknown>>();
function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  let pending = cache.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = load();
    cache.set(key, pending);
  }
  return pending;
}

/** Every screen document by name. */
export function loadScreens(): Promise<Record<string, unknown>> {
  return once('screens', async () => Object.fromEntries(await Promise.all(
    screenNames.map(async (name) => [name, (await screenLoaders[name]()).default] as const),
  )));
}

export function loadMachine(name: string): Promise<FlowDocument> {
  const load = flowLoaders[name];
  if (!load) return Promise.reject(new Error(`no machine flows/${name}.machine.yaml`));
  return once(`flow:${name}`, async () => (await load()).default);
}

export function loadFormModule(id: string): Promise<FormModule> {
  const load = formLoaders[id];
  if (!load) return Promise.reject(new Error(`no form schemas/forms/${id}.yaml`));
  return once(`form:${id}`, load);
}

/** The screens that show a form, by form id. */
export function formUses(screens: Record<string, unknown>): Map<string, string[]> {
  const uses = new Map<string, string[]>();
  const walk = (node: unknown, screen: string) => {
    if (Array.isArray(node)) for (const item of node) walk(item, screen);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'form' && typeof value === 'string') {
          const list = uses.get(value) ?? [];
          if (!list.includes(screen)) uses.set(value, [...list, screen]);
        }
        walk(value, screen);
      }
    }
  };
  for (const [screen, doc] of Object.entries(screens)) walk(doc, screen);
  return uses;
}
