// A management company's handover settings (schemas/settings.schema.yaml, group singleSignOn), read
// at the company level: the host signs for the whole company, never for one association. The
// handover is on when the company's `singleSignOn` is on and it has public keys or a JWKS address.
import type { Queryable } from '../../db/index.ts';
import type { SettingsService } from '../../settings/index.ts';
import type { JSONWebKeySet } from 'jose';

export interface HandoverConfig {
  companyId: number;
  companyCode: string;
  audience: string;
  /** Checked only when the company set one. */
  issuer: string | null;
  /** The company's public keys; when set, the JWKS address is not read. */
  keys: JSONWebKeySet | null;
  jwksUrl: string | null;
}

/** The company's handover, or null when the company is unknown or has not set it up. */
export async function handoverConfigOf(db: Queryable, settings: SettingsService, companyCode: string): Promise<HandoverConfig | null> {
  const { rows } = await db.query<{ id: number; code: string }>('SELECT id, code FROM management_companies WHERE code = $1', [companyCode.toLowerCase()]);
  if (!rows[0]) return null;
  const companyId = Number(rows[0].id);
  const values = await settings.valuesFor(companyId, null);
  const keys = isKeySet(values.handoverKeys) ? values.handoverKeys : null;
  const jwksUrl = typeof values.handoverJwksUrl === 'string' && values.handoverJwksUrl !== '' ? values.handoverJwksUrl : null;
  if (values.singleSignOn !== true || (!keys && !jwksUrl)) return null;
  return {
    companyId,
    companyCode: rows[0].code,
    audience: typeof values.handoverAudience === 'string' && values.handoverAudience !== '' ? values.handoverAudience : 'community-portal',
    issuer: typeof values.handoverIssuer === 'string' && values.handoverIssuer !== '' ? values.handoverIssuer : null,
    keys,
    jwksUrl,
  };
}

function isKeySet(value: unknown): value is JSONWebKeySet {
  return typeof value === 'object' && value !== null && Array.isArray((value as { keys?: unknown }).keys) && (value as { keys: unknown[] }).keys.length > 0;
}
