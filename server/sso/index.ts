// Single sign-on through management companies' OpenID Connect providers (docs/server.md "Single
// sign-on"): what the handlers (server/handlers/users/sso.ts) use.
import { createProviderClient, type ProviderClient } from './provider-client.ts';

export interface SsoService {
  client: ProviderClient;
  /** The portal's page the providers send the browser back to (registered with each provider). */
  redirectUri: string;
  /** Where a provider sends the browser after signing out: the company's sign-in page. */
  signedOutUri(companyCode: string): string;
  /** The binding cookie is Secure when the portal is served over https. */
  secureCookies: boolean;
}

export function createSsoService(options: { publicUrl: string; fetch?: typeof fetch; log: { warn(details: object, message: string): void } }): SsoService {
  const base = options.publicUrl.replace(/\/+$/, '');
  return {
    client: createProviderClient({ fetch: options.fetch, log: options.log }),
    redirectUri: `${base}/auth/sso`,
    signedOutUri: (companyCode) => `${base}/login/${encodeURIComponent(companyCode)}`,
    secureCookies: base.startsWith('https://'),
  };
}

export { companyProvider, clientSecretVariable, type CompanyProvider } from './company-provider.ts';
export { ssoError, SSO_MESSAGES } from './errors.ts';
