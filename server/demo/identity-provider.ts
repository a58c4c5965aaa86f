// A real OpenID Connect provider (oidc-provider) standing in for a management company's own, for the
// demo and the tests: never started in production (scripts/start.ts starts it outside production
// only). Its sign-in page checks an e-mail and password of its own accounts; consent is implied
// (a company's own portal is a first-party client), and signing out of the portal signs out here too
// (RP-initiated logout, confirmed at once).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { generateKeyPair, exportJWK } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

export interface DemoAccount {
  /** What the sign-in page asks for. */
  login: string;
  password: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

export interface DemoClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}

export interface DemoIdentityProvider {
  issuer: string;
  /** Signs the demo's tokens: tests use it to forge answers the portal must refuse. */
  signingKey: CryptoKey;
  keyId: string;
  close(): Promise<void>;
}

export const DEMO_IDENTITY_ACCOUNTS: DemoAccount[] = [
  { login: 'homeowner@example.com', password: 'Homeowner#2026', subject: 'summit-0001', email: 'homeowner@example.com', emailVerified: true, givenName: 'Alex', familyName: 'Morgan' },
  { login: 'paid@example.com', password: 'Paid#2026', subject: 'summit-0002', email: 'paid@example.com', emailVerified: false, givenName: 'Pat', familyName: 'Lee' },
  { login: 'newcomer@example.com', password: 'Newcomer#2026', subject: 'summit-0003', email: 'newcomer@example.com', emailVerified: true, givenName: 'Noor', familyName: 'Haddad' },
  { login: 'board3@example.com', password: 'Board3#2026', subject: 'summit-0004', email: 'board3@example.com', emailVerified: true, givenName: 'Quinn', familyName: 'Harper' },
];

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}label{display:block;margin-top:1rem;font-weight:600}input{display:block;width:100%;box-sizing:border-box;padding:.6rem;margin-top:.3rem;font-size:1rem;border:1px solid #555;border-radius:4px}button{margin-top:1.5rem;padding:.7rem 1.2rem;font-size:1rem;background:#0b4f8a;color:#fff;border:0;border-radius:4px;cursor:pointer}button:focus-visible,input:focus-visible{outline:3px solid #0b4f8a;outline-offset:2px}[role=alert]{color:#a00000;margin-top:1rem}</style></head>
<body><main>${body}</main></body></html>`;
}

function loginPage(uid: string, name: string, error?: string, login = ''): string {
  return page(`Sign in: ${name}`, `<h1>${escape(name)}</h1><p>Demo identity provider: sign in to continue to the community portal.</p>
${error ? `<p role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/interaction/${escape(uid)}/login" autocomplete="off">
<label for="login">E-mail</label><input id="login" name="login" type="email" required value="${escape(login)}" autofocus>
<label for="password">Password</label><input id="password" name="password" type="password" required>
<button type="submit">Sign in</button></form>`);
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 10_000) break;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startDemoIdentityProvider(options: {
  issuer: string; port: number; host?: string; name?: string; clients: DemoClient[]; accounts?: DemoAccount[];
  /** Lifetimes in seconds (tests shorten them). */
  ttl?: { idToken?: number };
}): Promise<DemoIdentityProvider> {
  const accounts = options.accounts ?? DEMO_IDENTITY_ACCOUNTS;
  const name = options.name ?? 'Summit Community Management sign-in';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const keyId = randomBytes(8).toString('hex');
  const jwk = { ...(await exportJWK(privateKey)), kid: keyId, alg: 'RS256', use: 'sig' };

  const configuration: Configuration = {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      post_logout_redirect_uris: client.postLogoutRedirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: { IdToken: options.ttl?.idToken ?? 3600, AccessToken: 3600, Interaction: 600, Grant: 14 * 86400, Session: 14 * 86400 },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        // The portal asked to sign out: done at once, without asking again.
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          ctx.body = page('Signing out', `<h1>Signing out…</h1>${form}<noscript><button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button></noscript>
<script>const f=document.getElementById('op.logoutForm');const i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();</script>`);
        },
      },
    },
    findAccount: async (_ctx, subject) => {
      const account = accounts.find((a) => a.subject === subject);
      if (!account) return undefined;
      return {
        accountId: subject,
        claims: async () => ({
          sub: subject, email: account.email, email_verified: account.emailVerified,
          given_name: account.givenName, family_name: account.familyName, name: `${account.givenName} ${account.familyName}`,
        }),
      };
    },
    // A company's own portal is a first-party client: consent is implied.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      if (!ctx.oidc.session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(options.issuer, configuration);
  const handleProvider = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, submitting: boolean): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    if (!submitting) {
      res.end(loginPage(uid, name));
      return;
    }
    const form = await formOf(req);
    const login = (form.get('login') ?? '').trim().toLowerCase();
    const account = accounts.find((a) => a.login === login && a.password === form.get('password'));
    if (!account) {
      res.statusCode = 401;
      res.end(loginPage(uid, name, 'The e-mail or password is incorrect.', login));
      return;
    }
    await provider.interactionFinished(req, res, { login: { accountId: account.subject } }, { mergeWithLastSubmission: false });
  }

  const server = createServer((req, res) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(new URL(req.url ?? '/', 'http://x').pathname);
    if (!match) {
      handleProvider(req, res);
      return;
    }
    const submitting = Boolean(match[2]) && req.method === 'POST';
    interaction(req, res, match[1], submitting).catch(() => {
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page('Sign-in expired', '<h1>This sign-in has expired</h1><p>Go back to the community portal and start again.</p>'));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  return {
    issuer: options.issuer,
    signingKey: privateKey,
    keyId,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
