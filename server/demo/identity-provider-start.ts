// Outside production the started server (npm start, npm run dev) also serves the demo identity
// provider (identity-provider.ts) on its own address, DEMO_IDP_PORT (default 8081; 0: none), as
// Summit's single sign-on: its client secret is made at start (unless OIDC_CLIENT_SECRET_SUMMIT is
// set) and its issuer and client id become Summit's settings where Summit has none yet. A port
// already taken leaves the portal without it, with a warning, rather than not starting.
import { randomBytes } from 'node:crypto';
import { clientSecretVariable } from '../sso/index.ts';
import { startDemoIdentityProvider, type DemoIdentityProvider } from './identity-provider.ts';
import { DEMO_IDP_CLIENT_ID, DEMO_IDP_COMPANY, type DemoIdentitySettings } from './identity-provider-settings.ts';

export async function startDemoIdentityFor(options: { env: NodeJS.ProcessEnv; host: string; publicUrl: string }): Promise<{ provider: DemoIdentityProvider; settings: DemoIdentitySettings } | null> {
  const port = Number(options.env.DEMO_IDP_PORT ?? 8081);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) return null;
  const shown = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  const issuer = `http://${shown}:${port}`;
  const variable = clientSecretVariable(DEMO_IDP_COMPANY);
  options.env[variable] ||= randomBytes(24).toString('base64url');
  try {
    const provider = await startDemoIdentityProvider({
      issuer, port, host: options.host,
      clients: [{
        clientId: DEMO_IDP_CLIENT_ID,
        clientSecret: options.env[variable]!,
        redirectUris: [`${options.publicUrl}/auth/sso`],
        postLogoutRedirectUris: [`${options.publicUrl}/login/${DEMO_IDP_COMPANY}`],
      }],
    });
    console.log(`Demo identity provider (Summit's single sign-on) listening on ${issuer}/`);
    return { provider, settings: { issuer, clientId: DEMO_IDP_CLIENT_ID } };
  } catch (error) {
    console.warn(`The demo identity provider could not start on ${issuer} (${(error as Error).message}): single sign-on is not available in this demo.`);
    return null;
  }
}
