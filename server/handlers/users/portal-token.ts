// The portal token (docs/server.md "Portal token"): a 5-minute, single-use hand-off of the signed-in
// user to another site (the help centre, an embedded single sign-on address), never an API bearer.
// The portal asks for one (GET, or the specification's POST) at the moment it opens such an address;
// that address redeems it once to learn who the user is.
import { principalOf, type OperationHandler } from '../types.ts';
import { mimicExpiry } from '../../mimic/store.ts';
import { redeemPortalToken as redeem } from '../../portal-token/redeem.ts';
import type { Services } from '../types.ts';
import type { UserCaller } from '../../authz/caller.ts';

async function issue(caller: UserCaller, services: Services): Promise<{ token: string }> {
  // A mimic session's portal token ends with the session (and names the staff member, as its token does).
  const mimicEnd = caller.actor ? await mimicExpiry(services.db, caller.actor.mimicId) : undefined;
  return { token: await services.tokens.issuePortal(caller, mimicEnd) };
}

export const createPortalToken: OperationHandler<'createPortalToken'> = async (req, services) => ({ status: 200, body: await issue(principalOf(req), services) });

export const getPortalToken: OperationHandler<'getPortalToken'> = async (req, services) => ({ status: 200, body: await issue(principalOf(req), services) });

/** Public: the token itself is the credential. Rate-limited per client address. */
export const redeemPortalToken: OperationHandler<'redeemPortalToken'> = async (req, services) => {
  await services.rateLimiter.consume('redeemPortalToken', req.ip);
  return { status: 200, body: await redeem(services, req.body.token) };
};
