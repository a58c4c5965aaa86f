// POST /api/management/People/{userId}/Mimic: a staff member holding the mimic grant starts mimic
// mode over one of the company's people (server/mimic/store.ts).
import type { OperationHandler } from '../types.ts';
import { principalOf } from '../types.ts';
import { ApiError } from '../../errors.ts';
import { originOf } from '../../audit/record.ts';
import { mimicError } from '../../mimic/errors.ts';
import { startMimicSession } from '../../mimic/store.ts';
import { PERSON_NOT_FOUND } from './people.ts';

export const startMimic: OperationHandler<'startMimic'> = async (req, services) => {
  const caller = principalOf(req);
  // The route's mimic step refuses it first; a mimic session never starts another.
  if (caller.actor) throw mimicError('MIM003');
  const started = await services.db.transaction((tx) => startMimicSession(tx, {
    staffUserId: caller.userId, ownerUserId: req.params.userId, reason: req.body.reason, now: services.realClock(), origin: originOf(req),
    personNotFound: () => new ApiError(404, PERSON_NOT_FOUND, { errorCode: 'PPL001' }),
  }));
  return { status: 201, body: { handoverCode: started.handoverCode, expiresAt: started.expiresAt.toISOString() } };
};
