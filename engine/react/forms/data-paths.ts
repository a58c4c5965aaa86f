// Reading and removing values at dotted field paths (`address.street`) without mutating the input.
import type { FormData } from './types.ts';

export function splitPath(path: string): string[] {
  return path.split('.').filter((p) => p !== '');
}

export function getAt(data: unknown, path: string): unknown {
  let cur: unknown = data;
  for (const key of splitPath(path)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

function cloneShallowPath(data: FormData, keys: string[]): FormData {
  // Copies every object along `keys` so callers never mutate the input.
  const root: FormData = { ...data };
  let cur: Record<string, unknown> = root;
  for (const key of keys.slice(0, -1)) {
    const next = cur[key];
    if (next === null || typeof next !== 'object') return root;
    const copy = Array.isArray(next) ? [...next] : { ...(next as Record<string, unknown>) };
    cur[key] = copy;
    cur = copy as Record<string, unknown>;
  }
  return root;
}

/** Returns a copy of `data` without the value at `path` (the same object when it is absent). */
export function unsetAt(data: FormData, path: string): FormData {
  const keys = splitPath(path);
  if (keys.length === 0 || getAt(data, path) === undefined) return data;
  const root = cloneShallowPath(data, keys);
  let cur: Record<string, unknown> = root;
  for (const key of keys.slice(0, -1)) cur = cur[key] as Record<string, unknown>;
  delete cur[keys[keys.length - 1]];
  return root;
}

/** A copy of `data` without the values of hidden fields (what is validated and submitted). */
export function stripHidden(data: FormData, hidden: Iterable<string>): FormData {
  let out = data;
  for (const path of hidden) out = unsetAt(out, path);
  return out;
}

export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value as object).length === 0;
  return false;
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** True when `path` is `field` or lies inside it. */
export function isWithin(path: string, field: string): boolean {
  return path === field || path.startsWith(`${field}.`);
}
