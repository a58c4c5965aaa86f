// Sign-in handed over by a host (docs/server.md, "Sign-in handed over by a host"): a management
// company's own site signs a short-lived JWT naming the user by e-mail and sends them to the portal's
// /auth/jwt with it; this checks it (server/auth/handover/) and opens the session as password
// sign-in does. Every check runs before anything is written: a refusal leaves nothing behind.
import type { OperationHandler } from '../types.ts';
import { handoverConfigOf } from '../../auth/handover/config.ts';
import { handoverError } from '../../auth/handover/errors.ts';
import { checkedNextPath } from '../../auth/next-path.ts';
import { useHandoverToken } from '../../auth/handover/replay.ts';
import { HandoverRefused, verifyHandoverToken, type HandoverClaims } from '../../auth/handover/verify.ts';
import { findUserByEmail, sessionFor } from './session.ts';

export const authenticateJWT: OperationHandler<'authenticateJWT'> = async (req, services) => {
  // Counted with password sign-in's per-address limit: probing tokens costs the same as probing passwords.
  await services.rateLimiter.consume('authenticateIp', req.ip);
  const body = req.body;
  const next = checkedNextPath(body.next);
  if (next === null) throw handoverError('JWT007');
  const config = await handoverConfigOf(services.db, services.settings, body.company);
  if (!config) throw handoverError('JWT001');
  // Tokens live on real time, as the portal's own do: moving the app clock must not age them.
  const now = services.realClock();
  let claims: HandoverClaims;
  try {
    claims = await verifyHandoverToken(body.token, config, now);
  } catch (error) {
    if (!(error instanceof HandoverRefused)) throw error;
    // The operator sees why (an unreachable JWKS address, say); the caller only the code.
    if (error.code === 'JWT008') services.log.warn({ company: config.companyCode, err: error.cause }, 'handover keys could not be read');
    throw handoverError(error.code);
  }
  const user = await findUserByEmail(services.db, claims.email);
  if (!user || user.company_code !== config.companyCode) throw handoverError('JWT006');
  // Used up before the session is made: should making it fail, the token is spent, never used twice.
  if (!(await useHandoverToken(services.db, config.companyId, claims.jti, claims.usableUntil, now))) throw handoverError('JWT005');
  return { status: 200, body: { ...(await sessionFor(user, services)), next } };
};
