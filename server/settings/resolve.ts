// The effective value of every key: global (the schema's default) <- company <- association, each
// with where it comes from and who locked it. Pure: the rows are read elsewhere (store.ts).
import type { SettingsSchema } from './schema.ts';

export type Level = 'company' | 'association';
export type Source = 'global' | Level;
export type LockedBy = null | 'global' | 'company';

export interface StoredValue {
  value: unknown;
  locked: boolean;
}

/** What one level holds, by key. */
export type LevelValues = Map<string, StoredValue>;

export interface Effective {
  key: string;
  value: unknown;
  source: Source;
  lockedBy: LockedBy;
  /** What the company level holds (null: nothing, inherited from global). */
  company: StoredValue | null;
  /** What the association level holds (null: nothing); always null when resolving for a company. */
  association: { value: unknown } | null;
}

/**
 * Resolves every key of the schema. A global lock (x-locked) keeps the default whatever is stored;
 * a company lock keeps the company's value over the association's (which stays stored, and counts
 * again once the lock is lifted).
 */
export function resolveSettings(schema: SettingsSchema, company: LevelValues, association: LevelValues | null): Effective[] {
  return schema.keys.map((k) => {
    const c = company.get(k.key) ?? null;
    const a = association?.get(k.key) ?? null;
    const base = { key: k.key, company: c, association: a ? { value: a.value } : null };
    if (k.lockedGlobally) return { ...base, value: k.default, source: 'global' as const, lockedBy: 'global' as const };
    if (c?.locked) return { ...base, value: c.value, source: 'company' as const, lockedBy: 'company' as const };
    if (a) return { ...base, value: a.value, source: 'association' as const, lockedBy: null };
    if (c) return { ...base, value: c.value, source: 'company' as const, lockedBy: null };
    return { ...base, value: k.default, source: 'global' as const, lockedBy: null };
  });
}

/** The effective values alone, by key. */
export function valuesOf(effective: Effective[]): Record<string, unknown> {
  return Object.fromEntries(effective.map((e) => [e.key, e.value]));
}
