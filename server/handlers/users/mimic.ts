// Mimic mode as the owner's side of the API sees it (server/mimic/): the new tab exchanges its
// handover code for the session's token, every page's banner reads the session, End ends it, and
// the owner reads who viewed their account.
import type { OperationHandler, Services, UserCaller } from '../types.ts';
import { principalOf } from '../types.ts';
import { originOf } from '../../audit/record.ts';
import { mimicError } from '../../mimic/errors.ts';
import { claimMimicSession, endMimicSession, mimicSessionView, mimicVisitsOf } from '../../mimic/store.ts';

export const claimMimic: OperationHandler<'claimMimic'> = async (req, services) => {
  await services.rateLimiter.consume('authenticateIp', req.ip);
  const claimed = await services.db.transaction((tx) => claimMimicSession(tx, req.body.code, services.realClock()));
  const token = await services.tokens.issueMimic(
    { userId: claimed.ownerUserId, customer: claimed.ownerCompanyCode, sessionId: claimed.sessionId, actor: { userId: claimed.staffUserId, mimicId: claimed.mimicId } },
    claimed.expiresAt,
  );
  return { status: 200, body: { token, expiresAt: claimed.expiresAt.toISOString() } };
};

/** The caller's mimic session; MIM005 for a token that is none. */
function actorOf(caller: UserCaller): NonNullable<UserCaller['actor']> {
  if (!caller.actor) throw mimicError('MIM005');
  return caller.actor;
}

export const getMimic: OperationHandler<'getMimic'> = async (req, services) => {
  const view = await mimicSessionView(services.db, actorOf(principalOf(req)).mimicId, services.realClock());
  if (!view) throw mimicError('MIM005');
  return { status: 200, body: view };
};

/** Ends the caller's mimic session and its sign-in session; shared with logout. */
export async function endCallersMimic(caller: UserCaller, services: Services, origin: { ip: string; userAgent: string | null }): Promise<void> {
  const ended = await services.db.transaction((tx) => endMimicSession(tx, actorOf(caller).mimicId, services.realClock(), origin));
  await services.sessions.end(ended?.sessionId ?? caller.sessionId);
}

export const endMimic: OperationHandler<'endMimic'> = async (req, services) => {
  await endCallersMimic(principalOf(req), services, originOf(req));
  return { status: 204 };
};

export const listMimicVisits: OperationHandler<'listMimicVisits'> = async (req, services) => {
  return { status: 200, body: { visits: await mimicVisitsOf(services.db, principalOf(req).userId, services.realClock) } };
};
