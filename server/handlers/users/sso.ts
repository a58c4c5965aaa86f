// Single sign-on through the management company's OpenID Connect provider (server/sso/,
// docs/server.md "Single sign-on"): the sign-in page asks whether the company has one
// (getSsoProvider), the browser follows startSso to the provider, comes back to /auth/sso, whose
// page hands the provider's answer to authenticateSSO. A provider account is linked to a portal
// user only once that user proves the account (linkSsoAccount, with the password or an e-mailed
// code from sendSsoLinkCode); later sign-ins need no proof.
import { ApiError } from '../../errors.ts';
import { checkedNextPath } from '../../auth/next-path.ts';
import { companyProvider, ssoError, type CompanyProvider } from '../../sso/index.ts';
import { BINDING_COOKIE, newAttempt, saveAttempt, takeAttempt, ATTEMPT_SECONDS } from '../../sso/attempts.ts';
import { checkTicketCode, createTicket, linkTicket, linkedUser, lockTicket, newTicketCode, rememberProviderSession, CODE_RESEND_SECONDS, TICKET_SECONDS, type Identity } from '../../sso/identities.ts';
import type { OperationHandler, Services } from '../types.ts';
import { findUserByEmail, findUserById, startSession, type UserRow } from './session.ts';

const START_PATH = '/api/users/Users/SSO/Start';

async function providerOf(services: Services, companyCode: string): Promise<CompanyProvider> {
  const provider = await companyProvider(services.db, services.settings, companyCode);
  if (!provider) throw ssoError.notConfigured();
  return provider;
}

function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** A portal session opened through the provider: its ID token is kept to sign out of both. */
async function signInThrough(services: Services, user: UserRow, identity: Identity, idToken: string, next: string, companyName: string) {
  const session = await startSession(user, services);
  await rememberProviderSession(services.db, session.sessionId, identity, idToken);
  return { status: 200 as const, body: { outcome: 'signedIn' as const, ...session.body, next, companyName } };
}

export const getSsoProvider: OperationHandler<'getSsoProvider'> = async (req, services) => {
  const provider = await companyProvider(services.db, services.settings, req.query.company);
  if (!provider) return { status: 200, body: { available: false } };
  return { status: 200, body: { available: true, companyName: provider.companyName, startPath: `${START_PATH}?company=${encodeURIComponent(provider.companyCode)}` } };
};

export const startSso: OperationHandler<'startSso'> = async (req, services) => {
  const next = checkedNextPath(req.query.next);
  if (!next) throw new ApiError(400, 'The page to open after signing in must be a page of this portal.', { errorCode: 'SSO014', fields: { next: 'Must be a page of this portal.' } });
  await services.rateLimiter.consume('authenticateIp', req.ip);
  const provider = await providerOf(services, req.query.company);
  const attempt = newAttempt();
  const location = await services.sso.client.authorizationUrl(provider, { redirectUri: services.sso.redirectUri, ...attempt });
  await saveAttempt(services.db, provider, attempt, next, services.realClock());
  // httpOnly, sent back only to the callback's call; Lax, so that the provider's redirect (a
  // top-level navigation) is followed by the page that posts it.
  const cookie = [`${BINDING_COOKIE}=${attempt.binding}`, 'Path=/api/users/Users/AuthenticateSSO', 'HttpOnly', 'SameSite=Lax', `Max-Age=${ATTEMPT_SECONDS}`, ...(services.sso.secureCookies ? ['Secure'] : [])].join('; ');
  return { status: 302, headers: { location: location.href, 'set-cookie': cookie } };
};

export const authenticateSSO: OperationHandler<'authenticateSSO'> = async (req, services) => {
  await services.rateLimiter.consume('authenticateIp', req.ip);
  const answer = new URL(services.sso.redirectUri);
  for (const [name, value] of Object.entries(req.body.response)) answer.searchParams.set(name, value);
  const now = services.realClock();
  const attempt = await takeAttempt(services.db, answer.searchParams.get('state'), cookieOf(req.headers?.cookie, BINDING_COOKIE), now);
  const { rows } = await services.db.query<{ code: string }>('SELECT code FROM management_companies WHERE id = $1', [attempt.companyId]);
  const provider = await providerOf(services, rows[0]?.code ?? '');
  // The settings changed to another provider meanwhile: the answer is not the one asked for.
  if (provider.issuer !== attempt.issuer) throw ssoError.attemptInvalid();
  const verified = await services.sso.client.complete(provider, answer, attempt);
  const identity: Identity = { companyId: provider.companyId, issuer: provider.issuer, subject: verified.subject };

  const linked = await linkedUser(services.db, identity);
  if (linked !== null) {
    const user = await findUserById(services.db, linked);
    if (!user) throw ssoError.noAccount();
    return signInThrough(services, user, identity, verified.idToken, attempt.returnTo, provider.companyName);
  }
  // Linking rests on the e-mail: only one the provider vouches for may name a portal account.
  if (!verified.email || !verified.emailVerified) throw ssoError.emailUnverified();
  const user = await findUserByEmail(services.db, verified.email);
  if (!user || user.company_code !== provider.companyCode) throw ssoError.noAccount();
  const ticket = await createTicket(services.db, identity, user.id, verified.idToken, attempt.returnTo, now);
  return { status: 200, body: { outcome: 'linkRequired', ticket, email: user.email, companyName: provider.companyName, expiresInSeconds: TICKET_SECONDS } };
};

export const sendSsoLinkCode: OperationHandler<'sendSsoLinkCode'> = async (req, services) => {
  await services.rateLimiter.consume('requestOneTimePassword', req.ip);
  const { code, userId } = await newTicketCode(services.db, req.body.ticket, services.codePepper, services.realClock());
  const user = await findUserById(services.db, userId);
  if (!user) throw ssoError.ticketInvalid();
  await services.mailer.send({
    to: user.email,
    subject: 'Your code to link single sign-on',
    text: `Your verification code is ${code}.\n\nEnter it on the portal's sign-in page to link your management company's sign-in to your community portal account. It expires in ${TICKET_SECONDS / 60} minutes.\nIf you did not ask for it, you can ignore this e-mail: nothing is linked without it.`,
  });
  return { status: 202, body: { resendAfterSeconds: CODE_RESEND_SECONDS } };
};

export const linkSsoAccount: OperationHandler<'linkSsoAccount'> = async (req, services) => {
  const { ticket, password, code } = req.body;
  if ((password === undefined) === (code === undefined)) throw new ApiError(400, 'Send either the password or the code.', { errorCode: 'VAL001' });
  const now = services.realClock();
  const pending = await services.db.transaction((tx) => lockTicket(tx, ticket, now));
  const user = await findUserById(services.db, pending.userId);
  if (!user) throw ssoError.ticketInvalid();
  if (password !== undefined) {
    // The password is checked as sign-in checks it, with the same limits and pause.
    await services.rateLimiter.consume('authenticate', user.email, req.ip);
    await services.rateLimiter.passwordPause.check(user.email);
    if (!(await services.passwords.verify(user.password_hash, password))) {
      await services.rateLimiter.passwordPause.countWrong(user.email);
      throw ssoError.proofIncorrect();
    }
  } else {
    await services.rateLimiter.consume('verifyOneTimePassword', user.email, req.ip);
    await checkTicketCode(services.db, ticket, code!, services.codePepper, now);
  }
  const linked = await linkTicket(services.db, ticket, now);
  const { rows } = await services.db.query<{ name: string }>('SELECT name FROM management_companies WHERE id = $1', [linked.companyId]);
  const companyName = rows[0]?.name ?? '';
  await services.mailer.send({
    to: user.email,
    subject: 'Single sign-on was linked to your account',
    text: `Your management company's sign-in (${companyName}) is now linked to your community portal account ${user.email}: you can sign in with it from now on.\n\nIf you did not do this, change your password and contact your management company right away.`,
  });
  return signInThrough(services, user, linked, linked.idToken, linked.returnTo, companyName);
};
