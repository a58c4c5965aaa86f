// The demo identity provider (identity-provider-start.ts) as Summit's single sign-on: its client id,
// and the settings that point Summit at it. Apart from the provider itself, whose library the
// production server never loads.
import type { Db } from '../db/index.ts';

export const DEMO_IDP_CLIENT_ID = 'portal-summit';
export const DEMO_IDP_COMPANY = 'summit';

export interface DemoIdentitySettings {
  issuer: string;
  clientId: string;
}

/** Summit's single sign-on settings for the demo provider, where Summit has none of its own yet. */
export async function seedDemoIdentitySettings(db: Db, settings: DemoIdentitySettings): Promise<void> {
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM management_companies WHERE code = $1`, [DEMO_IDP_COMPANY]);
  if (!rows[0]) return;
  for (const [key, value] of [['singleSignOn', true], ['ssoIssuer', settings.issuer], ['ssoClientId', settings.clientId]] as const) {
    await db.query(
      `INSERT INTO portal_settings (management_company_id, key, value) VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (management_company_id, key) WHERE association_id IS NULL DO NOTHING`,
      [Number(rows[0].id), key, JSON.stringify(value)],
    );
  }
}
