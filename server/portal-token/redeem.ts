// Redeeming a portal token (redeemPortalToken): what the address the portal handed the token to
// (the help centre, an embedded single sign-on address) asks to learn who the user is. Good once,
// within its 5 minutes, while the portal session it was given in goes on. Each refusal has its own
// code, and none records anything: only a token redeemed is recorded (server/portal-token/uses.ts).
import { ApiError, messages } from '../errors.ts';
import type { Services } from '../handlers/types.ts';
import type { PortalRefusal } from '../auth/tokens.ts';
import { recordUse } from './uses.ts';

/** A portal token used before (410), past its expiry (410), forged or malformed (401), not a portal token (401), of an ended session (410). */
export const PORTAL_TOKEN_ERRORS = {
  PTK001: { status: 410, detail: messages.portalTokenUsed },
  PTK002: { status: 410, detail: messages.portalTokenExpired },
  PTK003: { status: 401, detail: messages.portalTokenInvalid },
  PTK004: { status: 401, detail: messages.portalTokenNotPortal },
  PTK005: { status: 410, detail: messages.portalTokenSessionEnded },
} as const;
export type PortalTokenCode = keyof typeof PORTAL_TOKEN_ERRORS;

export function portalTokenError(code: PortalTokenCode): ApiError {
  const { status, detail } = PORTAL_TOKEN_ERRORS[code];
  return new ApiError(status, detail, { errorCode: code });
}

const REFUSALS: Record<PortalRefusal, PortalTokenCode> = { invalid: 'PTK003', expired: 'PTK002', notPortal: 'PTK004' };

interface Person {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
}

export interface PortalTokenUser extends Person {
  companyCode: string;
  /** The staff member of a mimic session (the token's `act`), else null. */
  actor: Person | null;
}

interface PersonRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  company_code: string;
}

export async function redeemPortalToken(services: Pick<Services, 'db' | 'tokens' | 'sessions' | 'realClock'>, token: string): Promise<PortalTokenUser> {
  const verdict = await services.tokens.verifyPortal(token);
  if (!verdict.ok) throw portalTokenError(REFUSALS[verdict.reason]);
  const claims = verdict.claims;
  const now = services.realClock();
  // The session's row is the record on every instance (each one's list of ended sessions may be
  // seconds behind); its own expiry counts too, since a portal token may outlive its session by minutes.
  const { rows: live } = await services.db.query(
    'SELECT 1 FROM sessions WHERE id = $1 AND user_id = $2 AND ended_at IS NULL AND expires_at > $3',
    [claims.sessionId, claims.userId, now],
  );
  if (live.length === 0 || (await services.sessions.isEnded(claims.sessionId))) throw portalTokenError('PTK005');
  const ids = claims.actor ? [claims.userId, claims.actor.userId] : [claims.userId];
  const { rows } = await services.db.query<PersonRow>(
    `SELECT u.id, u.email, u.first_name, u.last_name, c.code AS company_code
       FROM users u JOIN management_companies c ON c.id = u.management_company_id WHERE u.id = ANY($1::int[])`,
    [ids],
  );
  const rowOf = (id: number) => rows.find((r) => Number(r.id) === id);
  const person = (row: PersonRow): Person => ({ userId: Number(row.id), email: row.email, firstName: row.first_name, lastName: row.last_name });
  const owner = rowOf(claims.userId);
  const staff = claims.actor ? rowOf(claims.actor.userId) : undefined;
  // The session's user exists (sessions.user_id references users); a staff member is never deleted either.
  if (!owner || (claims.actor && !staff)) throw portalTokenError('PTK005');
  // Recorded last, once every check has passed: a refused redeem leaves the token as it was.
  if (!(await recordUse(services.db, { tokenId: claims.tokenId, userId: claims.userId, redeemedAt: now, expiresAt: claims.expiresAt }))) throw portalTokenError('PTK001');
  return { ...person(owner), companyCode: owner.company_code, actor: staff ? person(staff) : null };
}
