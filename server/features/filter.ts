// A list that answers the caller's own data across associations (naming none, so the feature step
// has no association to refuse) leaves out the associations that have its feature switched off.
import type { Queryable } from '../db/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { FEATURES, type FeatureName } from './registry.ts';

/** The associations among these that have the feature switched off. */
export async function associationsWithout(db: Queryable, settings: SettingsService, feature: FeatureName, associationIds: number[]): Promise<Set<number>> {
  const off = new Set<number>();
  const ids = [...new Set(associationIds)];
  if (ids.length === 0) return off;
  const { rows } = await db.query<{ id: number; management_company_id: number; code: string; company_code: string }>(
    `SELECT a.id, a.management_company_id, a.code, c.code AS company_code FROM associations a JOIN management_companies c ON c.id = a.management_company_id WHERE a.id = ANY($1::integer[])`,
    [ids],
  );
  for (const r of rows) {
    const values = await settings.valuesFor(Number(r.management_company_id), Number(r.id));
    if (!FEATURES[feature].on({ values, companyCode: r.company_code, associationCode: r.code, methodKind: null })) off.add(Number(r.id));
  }
  return off;
}
