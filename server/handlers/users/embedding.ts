// The portal embedded in a company's website (docs/server.md, "Embedding"; server/embedding/): the
// association's allowed parent origins, the renewal cookie that gives the frame a new token for its
// session after a reload, and the hand-off of a sign-in made in a window of the portal's own back
// to the frame that opened it (where the browser keeps no cookie for the frame).
import { principalOf, type OperationHandler } from '../types.ts';
import { findUserById, startSession } from './session.ts';
import { embeddingError } from '../../embedding/errors.ts';
import { associationByCode, embeddingOriginsOf } from '../../embedding/origins.ts';
import { CLEARED_RENEWAL_COOKIE, hasRenewalCookie, renewalCookie, renewalSecretOf } from '../../embedding/cookie.ts';
import { forgetRenewal, liveRenewal, liveSessionEnd, startRenewal } from '../../embedding/renewals.ts';
import { createHandoff, HANDOFF_SECONDS, redeemHandoff } from '../../embedding/handoffs.ts';
import { embeddingOptionsOf } from '../../embedding/options.ts';

// Settings reach every instance within seconds; a minute's copy in a browser or cache is harmless.
const ORIGINS_CACHE = 'public, max-age=60';

export const getEmbedding: OperationHandler<'getEmbedding'> = async (req, services) => {
  const association = await associationByCode(services.db, req.query.association);
  if (!association) throw embeddingError('EMB001');
  const origins = await embeddingOriginsOf(services.settings, association);
  return { status: 200, body: { association: { code: association.code, name: association.name }, origins }, headers: { 'cache-control': ORIGINS_CACHE } };
};

export const startEmbeddedRenewal: OperationHandler<'startEmbeddedRenewal'> = async (req, services) => {
  const principal = principalOf(req);
  // The contract already refuses mimic mode (x-mimic: never): a renewal would outlast what the owner agreed to.
  if (principal.actor) throw embeddingError('EMB004');
  const code = req.body.association;
  const association = code === undefined ? null : await associationByCode(services.db, code);
  if (code !== undefined && !association) throw embeddingError('EMB001');
  if (!embeddingOptionsOf(services).renewCookie) return { status: 200, body: { renewal: 'none' } };
  const now = services.realClock();
  const sessionEnd = await liveSessionEnd(services.db, principal.sessionId, now);
  if (!sessionEnd) throw embeddingError('EMB003');
  const secret = await startRenewal(services.db, { sessionId: principal.sessionId, associationId: association?.id ?? null, now, expiresAt: sessionEnd });
  return { status: 200, body: { renewal: 'cookie' }, headers: { 'set-cookie': renewalCookie(secret, (sessionEnd.getTime() - now.getTime()) / 1000) } };
};

export const renewEmbeddedSession: OperationHandler<'renewEmbeddedSession'> = async (req, services) => {
  // Its Origin was checked as the request arrived (server/embedding/same-origin.ts).
  await services.rateLimiter.consume('authenticateIp', req.ip);
  // Every visitor of a frame asks on load: one who never signed in there is no failure.
  if (!hasRenewalCookie(req.headers?.cookie)) return { status: 204 };
  const secret = renewalSecretOf(req.headers?.cookie);
  const live = secret ? await liveRenewal(services.db, secret, services.realClock()) : null;
  const user = live ? await findUserById(services.db, live.userId) : null;
  if (!live || !user) {
    if (secret) await forgetRenewal(services.db, secret);
    throw embeddingError('EMB003', { 'set-cookie': CLEARED_RENEWAL_COOKIE });
  }
  const token = await services.tokens.issueSession({ userId: user.id, customer: user.company_code, sessionId: live.sessionId }, live.sessionExpiresAt);
  const association = live.associationCode ? { associationCode: live.associationCode } : {};
  return { status: 200, body: { token, userId: user.id, user: { userId: user.id, userName: user.email, email: user.email }, ...association } };
};

export const createEmbedHandoff: OperationHandler<'createEmbedHandoff'> = async (req, services) => {
  const principal = principalOf(req);
  // As for the renewal (x-mimic: never): the frame would get a session of the owner's own.
  if (principal.actor) throw embeddingError('EMB004');
  const code = await createHandoff(services.db, { nonce: req.body.nonce, userId: principal.userId, now: services.realClock() });
  if (!code) throw embeddingError('EMB005');
  return { status: 200, body: { code, expiresInSeconds: HANDOFF_SECONDS } };
};

export const redeemEmbedHandoff: OperationHandler<'redeemEmbedHandoff'> = async (req, services) => {
  // The frame polls while the window signs in: the per-address rule of redeeming tokens (300 a
  // minute) fits that, where sign-in's would be spent by one slow sign-in. Neither a nonce nor a
  // code can be guessed, and a wrong code burns the hand-off.
  await services.rateLimiter.consume('redeemPortalToken', 'embedHandoff', req.ip);
  const redeemed = await redeemHandoff(services.db, { nonce: req.body.nonce, code: req.body.code, now: services.realClock() });
  switch (redeemed.outcome) {
    case 'pending':
      return { status: 202, body: { status: 'pending' } };
    case 'used':
      throw embeddingError('EMB006');
    case 'expired':
      throw embeddingError('EMB007');
    case 'wrongCode':
      throw embeddingError('EMB008');
  }
  const user = await findUserById(services.db, redeemed.userId);
  if (!user) throw embeddingError('EMB006');
  return { status: 200, body: (await startSession(user, services)).body };
};
