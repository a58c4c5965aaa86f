// The portal as an OpenID Connect client of a company's provider (openid-client): discovery, the
// authorization request (code flow with PKCE, state and nonce), the code exchange with the ID
// token's checks (issuer, audience, expiry, signature, nonce: openid-client's), the user's claims
// and RP-initiated logout. Each failure becomes one of SSO_MESSAGES' answers; the provider's own
// words go to the log only.
import * as oidc from 'openid-client';
import type { CompanyProvider } from './company-provider.ts';
import { ssoError } from './errors.ts';

/** How long a provider's discovery document is reused before it is read again. */
const DISCOVERY_REUSE_MS = 10 * 60 * 1000;
/** The longest the portal waits for the provider on each request. */
const PROVIDER_TIMEOUT_SECONDS = 10;

export interface ProviderClientOptions {
  /** Replaces fetch for every request to providers (tests alter what a real provider answers). */
  fetch?: typeof fetch;
  log: { warn(details: object, message: string): void };
}

export interface VerifiedSignIn {
  subject: string;
  idToken: string;
  email: string | null;
  emailVerified: boolean;
}

export interface ProviderClient {
  authorizationUrl(provider: CompanyProvider, request: { redirectUri: string; state: string; nonce: string; codeVerifier: string }): Promise<URL>;
  /** Exchanges the code of the provider's answer to the redirect address, with every check. */
  complete(provider: CompanyProvider, answer: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<VerifiedSignIn>;
  /** The provider's end-session address, or null when the provider has none. */
  endSessionUrl(provider: CompanyProvider, idToken: string, postLogoutRedirectUri: string): Promise<string | null>;
}

/** http is accepted only for a provider on this machine (settings allow no other). */
const isLocalHttp = (issuer: string) => /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/|$)/.test(issuer);

export function createProviderClient(options: ProviderClientOptions): ProviderClient {
  const configurations = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

  function configurationOf(provider: CompanyProvider): Promise<oidc.Configuration> {
    const key = `${provider.issuer}\u0000${provider.clientId}\u0000${provider.clientSecret ?? ''}`;
    const known = configurations.get(key);
    if (known && Date.now() - known.at < DISCOVERY_REUSE_MS) return known.config;
    const auth = provider.clientSecret ? oidc.ClientSecretBasic(provider.clientSecret) : oidc.None();
    const config = oidc.discovery(new URL(provider.issuer), provider.clientId, undefined, auth, {
      execute: isLocalHttp(provider.issuer) ? [oidc.allowInsecureRequests] : [],
      timeout: PROVIDER_TIMEOUT_SECONDS,
      ...(options.fetch ? { [oidc.customFetch]: options.fetch as oidc.CustomFetch } : {}),
    });
    configurations.set(key, { at: Date.now(), config });
    // A failed discovery is not kept: the next sign-in asks again.
    config.catch(() => configurations.delete(key));
    return config;
  }

  async function reach<T>(provider: CompanyProvider, step: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      options.log.warn({ issuer: provider.issuer, step, error: describe(error) }, 'single sign-on: the provider could not be reached');
      throw ssoError.unreachable();
    }
  }

  return {
    async authorizationUrl(provider, request) {
      const config = await reach(provider, 'discovery', () => configurationOf(provider));
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: request.redirectUri,
        scope: provider.scopes,
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
        state: request.state,
        nonce: request.nonce,
      });
    },

    async complete(provider, answer, checks) {
      const error = answer.searchParams.get('error');
      if (error === 'access_denied' || error === 'login_required' || error === 'interaction_required' || error === 'consent_required') throw ssoError.cancelled();
      if (error) {
        options.log.warn({ issuer: provider.issuer, error, description: answer.searchParams.get('error_description') }, 'single sign-on: the provider refused the sign-in');
        throw ssoError.notVerified();
      }
      const config = await reach(provider, 'discovery', () => configurationOf(provider));
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(config, answer, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
      } catch (failure) {
        if (isNetworkFailure(failure)) {
          options.log.warn({ issuer: provider.issuer, step: 'token', error: describe(failure) }, 'single sign-on: the provider could not be reached');
          throw ssoError.unreachable();
        }
        options.log.warn({ issuer: provider.issuer, step: 'token', error: describe(failure) }, 'single sign-on: the provider\'s answer was refused');
        throw ssoError.notVerified();
      }
      const claims = tokens.claims();
      if (!claims || !tokens.id_token) throw ssoError.notVerified();
      let found: Record<string, unknown> = claims;
      // A provider may keep the e-mail out of the ID token (conformIdTokenClaims): ask userinfo.
      if (found[provider.claims.email] === undefined && tokens.access_token) {
        const info = await reach(provider, 'userinfo', () => oidc.fetchUserInfo(config, tokens.access_token, claims.sub));
        found = { ...info, ...claims };
      }
      const email = found[provider.claims.email];
      const verified = found[provider.claims.emailVerified];
      return {
        subject: claims.sub,
        idToken: tokens.id_token,
        email: typeof email === 'string' && email.includes('@') ? email.toLowerCase() : null,
        emailVerified: verified === true || verified === 'true',
      };
    },

    async endSessionUrl(provider, idToken, postLogoutRedirectUri) {
      try {
        const config = await configurationOf(provider);
        if (!config.serverMetadata().end_session_endpoint) return null;
        return oidc.buildEndSessionUrl(config, { id_token_hint: idToken, post_logout_redirect_uri: postLogoutRedirectUri }).href;
      } catch (error) {
        // Signing out of the portal never waits on the provider.
        options.log.warn({ issuer: provider.issuer, step: 'end-session', error: describe(error) }, 'single sign-on: no end-session address');
        return null;
      }
    },
  };
}

function isNetworkFailure(error: unknown): boolean {
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError || error instanceof oidc.WWWAuthenticateChallengeError) return false;
  if (error instanceof oidc.ClientError) return false;
  return error instanceof TypeError || (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'));
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}${(error as { code?: string }).code ? ` (${(error as { code?: string }).code})` : ''}`;
  return String(error);
}
