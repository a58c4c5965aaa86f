// The demo's host site (host-site.ts) as one of the pages Maple Grove lets frame its portal: its
// origin joins Maple Grove's `embeddingOrigins` setting (kept with any others set in the console),
// so that the portal sends it the frame's policy and talks to it. Apart from the site itself, as
// identity-provider-settings.ts is from the provider.
import type { Db } from '../db/index.ts';

export const DEMO_HOST_ASSOCIATION = 'maplegrove';

/**
 * Adds `origin` to the association's embedding origins; its code and name, or null when the demo's
 * association is not there (a database without the demo data).
 */
export async function seedDemoEmbeddingOrigin(db: Db, origin: string): Promise<{ code: string; name: string } | null> {
  const { rows } = await db.query<{ id: number; management_company_id: number; name: string }>(
    'SELECT id, management_company_id, name FROM associations WHERE code = $1',
    [DEMO_HOST_ASSOCIATION],
  );
  const association = rows[0];
  if (!association) return null;
  const { rows: stored } = await db.query<{ value: unknown }>(
    `SELECT value FROM portal_settings WHERE association_id = $1 AND key = 'embeddingOrigins'`,
    [Number(association.id)],
  );
  const listed = Array.isArray(stored[0]?.value) ? (stored[0].value as unknown[]).filter((o): o is string => typeof o === 'string') : [];
  if (!listed.includes(origin)) {
    await db.query(
      `INSERT INTO portal_settings (management_company_id, association_id, key, value) VALUES ($1, $2, 'embeddingOrigins', $3::jsonb)
       ON CONFLICT (association_id, key) WHERE association_id IS NOT NULL DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [Number(association.management_company_id), Number(association.id), JSON.stringify([...listed, origin])],
    );
  }
  return { code: DEMO_HOST_ASSOCIATION, name: association.name };
}
