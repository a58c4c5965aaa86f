// Portal settings at three levels (docs/server.md "Settings"): the service the handlers use.
import type { Db } from '../db/index.ts';
import { createSettingsCache, type SettingsCache } from './cache.ts';
import { resolveSettings, valuesOf, type Effective } from './resolve.ts';
import { settingsSchema, type SettingsSchema } from './schema.ts';
import { applyChange, type Actor, type Change, type Target } from './store.ts';

export type { Effective } from './resolve.ts';
export { SETTINGS_REFRESH_MS } from './cache.ts';

export interface SettingsService {
  readonly schema: SettingsSchema;
  /** Every key's effective value for a company (its own level over global). */
  forCompany(companyId: number): Promise<Effective[]>;
  /** Every key's effective value for an association of the company. */
  forAssociation(companyId: number, associationId: number): Promise<Effective[]>;
  /** The effective values alone, by key, for an association. */
  valuesFor(companyId: number, associationId: number | null): Promise<Record<string, unknown>>;
  /** Sets or clears a key at one level with its audit entry (store.ts applyChange); the cache follows at once. */
  change(target: Target, key: string, change: Change, actor: Actor): Promise<boolean>;
  close(): Promise<void>;
}

export async function createSettingsService(options: { db: Db; refreshMs?: number; redisUrl?: string; now?: () => number }): Promise<SettingsService> {
  const schema = settingsSchema();
  const cache: SettingsCache = await createSettingsCache(options);
  const effective = async (companyId: number, associationId: number | null) => {
    const rows = await cache.rows();
    const company = rows.companies.get(companyId) ?? new Map();
    const association = associationId === null ? null : (rows.associations.get(associationId) ?? new Map());
    return resolveSettings(schema, company, association);
  };
  return {
    schema,
    forCompany: (companyId) => effective(companyId, null),
    forAssociation: (companyId, associationId) => effective(companyId, associationId),
    valuesFor: async (companyId, associationId) => valuesOf(await effective(companyId, associationId)),
    async change(target, key, change, actor) {
      try {
        return await applyChange(options.db, schema, target, key, change, actor);
      } finally {
        await cache.changed();
      }
    },
    close: () => cache.close(),
  };
}
