// The guest payer of a guest-pay operation (x-policy principal `guest`: a token scoped to one account).
import { guestOf, type OperationRequest } from '../types.ts';
import type { Payer } from '../../payments/service.ts';

export { guestOf };

export function guestPayer(req: OperationRequest): Payer {
  const g = guestOf(req);
  return { kind: 'guest', accountId: g.accountId, email: g.email, sessionId: g.sessionId };
}
