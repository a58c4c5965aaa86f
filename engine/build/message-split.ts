// Splits the message catalogue: namespaces every page needs travel with the configuration; the
// rest travel with the screens that use them. A namespace is the part of a key before its first dot.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readConfigData } from '../core/config/read-config.ts';
import { isEngineMessage } from '../core/default-messages.ts';

const KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_-]+)+$/;

export function namespaceOf(key: string): string {
  return key.split('.')[0];
}

/** The catalogue with every text under its dotted key: `{ "login": { "title": … } }` becomes `{ "login.title": … }`. */
export function flatMessages(catalog: Record<string, unknown>, prefix = ''): Record<string, string> {
  return Object.fromEntries(Object.entries(catalog).flatMap(([key, value]) => (value && typeof value === 'object'
    ? Object.entries(flatMessages(value as Record<string, unknown>, `${prefix}${key}.`))
    : [[`${prefix}${key}`, String(value)]])));
}

export function pickNamespaces(messages: Record<string, string>, namespaces: Set<string>): Record<string, string> {
  return Object.fromEntries(Object.entries(messages).filter(([key]) => namespaces.has(namespaceOf(key))));
}

/**
 * The texts every page carries: the product's shared namespaces, and the product's own text for
 * each key the engine shows of its own accord (engine/core/default-messages.ts), whatever its
 * namespace: the engine may show it on any page. The engine's default texts themselves come with
 * its code (the translator puts them under these).
 */
export function sharedMessages(catalog: Record<string, unknown>, namespaces: readonly string[]): Record<string, string> {
  const flat = flatMessages(catalog);
  const shared = new Set(namespaces);
  return Object.fromEntries(Object.entries(flat).filter(([key]) => shared.has(namespaceOf(key)) || isEngineMessage(key)));
}

interface Refs { forms: Set<string>; flows: Set<string>; grids: Set<string> }
const noRefs = (): Refs => ({ forms: new Set(), flows: new Set(), grids: new Set() });

function collect(value: unknown, into: Set<string>, refs: Refs) {
  if (typeof value === 'string') {
    if (KEY.test(value)) into.add(namespaceOf(value));
  } else if (Array.isArray(value)) {
    for (const item of value) collect(item, into, refs);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'form' && typeof item === 'string') refs.forms.add(item);
      if (key === 'flow' && typeof item === 'string') refs.flows.add(item);
      if (key === 'grid' && typeof item === 'string') refs.grids.add(item);
      collect(item, into, refs);
    }
  }
}

/** Message namespaces a screen needs: those named in it and in the forms, flows and grids it uses. */
export function screenNamespaces(root: string, screen: unknown): Set<string> {
  const namespaces = new Set<string>();
  const refs = noRefs();
  collect(screen, namespaces, refs);
  const read = (path: string) => (existsSync(path) ? readConfigData(root, path).data : null);
  for (const form of refs.forms) collect(read(join(root, 'schemas', 'forms', `${form}.yaml`)), namespaces, noRefs());
  for (const flow of refs.flows) collect(read(join(root, 'flows', `${flow}.machine.yaml`)), namespaces, noRefs());
  for (const grid of refs.grids) collect(read(join(root, 'schemas', 'grids', `${grid}.yaml`)), namespaces, noRefs());
  return namespaces;
}
