// Development mode only (imported behind import.meta.env.DEV, or by the modules the development
// server appends to configuration chunks: engine/build/hot-accept.ts). A saved configuration file
// reaches the open page as a new module; this store hands it to the engine's caches and has the
// components that read them render again, without remounting anything: what was typed into a form
// and the state of a running machine stay.
import { useSyncExternalStore } from 'react';
import type { EngineConfig } from '../app/config-types.ts';
import type { Translator } from '../app/translator.ts';
import { THEME_STYLES_ID } from '../theme/theme-variables.ts';

type Replacer = (id: string, module: unknown) => void;

const replacers = new Map<string, Set<Replacer>>();
const listeners = new Set<() => void>();
let version = 0;
let running: { config: EngineConfig; translator: Translator } | null = null;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/** A cache of configuration chunks of one kind (screen, form, flow, grid, content) takes their new versions. */
export function onChunkReplaced(kind: string, replace: Replacer): void {
  let kindReplacers = replacers.get(kind);
  if (!kindReplacers) replacers.set(kind, (kindReplacers = new Set()));
  kindReplacers.add(replace);
}

/** A configuration chunk was saved: the caches take its new module and the page renders again. */
export function chunkReplaced(kind: string, id: string, module: unknown): void {
  for (const replace of replacers.get(kind) ?? []) replace(id, module);
  changed();
}

/** The configuration the page runs with, and its translator, which later updates change in place. */
export function followConfig(config: EngineConfig, translator: Translator): void {
  running = { config, translator };
}

/** What an update of the configuration may change in place; anything else reloads the page. */
const IN_PLACE: readonly (keyof EngineConfig)[] = ['messages', 'themes', 'themeStyles'];

/** Applies a new configuration module; false when it changes more than texts and themes (the page then reloads). */
export function configReplaced(next: EngineConfig): boolean {
  if (!running) return false;
  const { config, translator } = running;
  const rest = (doc: EngineConfig) => JSON.stringify(Object.entries(doc).filter(([key]) => !IN_PLACE.includes(key as keyof EngineConfig)));
  if (rest(config) !== rest(next)) return false;
  translator.add(next.messages);
  Object.assign(config, { messages: next.messages, themes: next.themes, themeStyles: next.themeStyles });
  let styles = document.getElementById(THEME_STYLES_ID);
  if (!styles) {
    styles = document.head.appendChild(document.createElement('style'));
    styles.id = THEME_STYLES_ID;
  }
  styles.textContent = next.themeStyles;
  changed();
  return true;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}

/** The number of configuration updates applied so far; a component reading it renders again on each. */
export function useHotVersion(): number {
  return useSyncExternalStore(subscribe, () => version, () => version);
}

/** Whether two configuration documents are the same data (functions, such as a form's validator, follow the data). */
export function sameDocument(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const identities = new WeakMap<object, number>();
let lastIdentity = 0;
/** A number that changes when an object is replaced by an update (to restart what cannot change in place). */
export function identityOf(value: object): number {
  let identity = identities.get(value);
  if (identity === undefined) identities.set(value, (identity = ++lastIdentity));
  return identity;
}
