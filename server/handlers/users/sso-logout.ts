// Signing out of a portal session opened through a company's identity provider ends the provider's
// session too (OpenID Connect RP-initiated logout): the browser is sent to the provider's
// end-session address, which sends it back to the company's sign-in page.
import { companyProvider } from '../../sso/index.ts';
import { providerSessionOf } from '../../sso/identities.ts';
import type { Services } from '../types.ts';

export async function providerEndSessionUrl(services: Services, sessionId: string): Promise<string | null> {
  const kept = await providerSessionOf(services.db, sessionId);
  if (!kept) return null;
  const { rows } = await services.db.query<{ code: string }>('SELECT code FROM management_companies WHERE id = $1', [kept.companyId]);
  const provider = rows[0] ? await companyProvider(services.db, services.settings, rows[0].code) : null;
  // The company has since changed or switched off its provider: nothing to sign out of.
  if (!provider || provider.issuer !== kept.issuer) return null;
  return services.sso.client.endSessionUrl(provider, kept.idToken, services.sso.signedOutUri(provider.companyCode));
}
