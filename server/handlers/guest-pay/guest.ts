// The guest caller of a guest-pay operation (role `guest`: a token scoped to one account).
import type { GuestPrincipal, OperationRequest } from '../types.ts';
import type { Payer } from '../../payments/service.ts';

export function guestOf(req: OperationRequest): GuestPrincipal {
  if (!req.guest) throw new Error(`${req.operationId}: no guest on a guest operation`);
  return req.guest;
}

export function guestPayer(req: OperationRequest): Payer {
  const g = guestOf(req);
  return { kind: 'guest', accountId: g.accountId, email: g.email, sessionId: g.sessionId };
}
