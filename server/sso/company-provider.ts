// A management company's identity provider as its settings describe it (schemas/settings.schema.yaml
// ssoIssuer, ssoClientId, ssoScopes, ssoClaimMapping, under the singleSignOn switch), read at the
// company level. The client secret is never a setting: OIDC_CLIENT_SECRET_<CODE> in the server's
// environment (none: a public client, which PKCE alone protects).
import type { Queryable } from '../db/index.ts';
import type { SettingsService } from '../settings/index.ts';

export interface CompanyProvider {
  companyId: number;
  companyCode: string;
  companyName: string;
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  scopes: string;
  claims: { email: string; emailVerified: string };
}

export function clientSecretVariable(companyCode: string): string {
  return `OIDC_CLIENT_SECRET_${companyCode.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/** The company's provider, or null when the company is unknown or has none switched on. */
export async function companyProvider(
  db: Queryable, settings: SettingsService, companyCode: string, env: Record<string, string | undefined> = process.env,
): Promise<CompanyProvider | null> {
  const { rows } = await db.query<{ id: number; code: string; name: string }>('SELECT id, code, name FROM management_companies WHERE code = $1', [companyCode.toLowerCase()]);
  const company = rows[0];
  if (!company) return null;
  const values = await settings.valuesFor(Number(company.id), null);
  const issuer = values.ssoIssuer;
  const clientId = values.ssoClientId;
  if (values.singleSignOn !== true || typeof issuer !== 'string' || typeof clientId !== 'string') return null;
  const scopes = new Set(String(values.ssoScopes).split(' '));
  scopes.add('openid');
  return {
    companyId: Number(company.id),
    companyCode: company.code,
    companyName: company.name,
    issuer,
    clientId,
    clientSecret: env[clientSecretVariable(company.code)] || null,
    scopes: [...scopes].join(' '),
    claims: values.ssoClaimMapping as CompanyProvider['claims'],
  };
}
