// The mimic step of every route (server/operation-routes.ts), right after the caller is identified:
// a mimic session (a token with an `act` claim, server/auth/tokens.ts) sees what the owner sees and
// changes nothing. Its writes (every operation but a GET, unless the contract marks it
// `x-mimic: allowed`) are refused with MIM001 and written to the company's trail; the console's
// operations (only staff or admins may call them) are refused with MIM006, and starting mimic mode
// again with MIM003. Built per route at boot: a route nobody can reach under mimic costs nothing.
import type { FastifyRequest } from 'fastify';
import type { OperationDef } from '../openapi/load.ts';
import type { Services } from '../handlers/types.ts';
import type { UserCaller } from '../authz/caller.ts';
import { originOf } from '../audit/record.ts';
import { mimicError } from './errors.ts';
import { recordRefusedWrite } from './store.ts';

/** The principals of the console's own operations: a mimic session is never either. */
const CONSOLE_PRINCIPALS = new Set(['staff', 'admin']);

export function isConsoleOperation(op: OperationDef): boolean {
  return !op.policy.public && op.policy.grants.length > 0 && op.policy.grants.every((grant) => CONSOLE_PRINCIPALS.has(grant.principal));
}

/** The mimic session of the request's caller, if it is one. */
export function mimicOf(request: FastifyRequest): UserCaller['actor'] {
  const caller = request.caller;
  return caller?.kind === 'user' ? caller.actor : undefined;
}

/** The step refusing what a mimic session may not do on this operation; null when it may do it all. */
export function mimicGuard(op: OperationDef, services: Services): ((request: FastifyRequest) => Promise<void>) | null {
  if (op.policy.public) return null;
  const console = isConsoleOperation(op);
  if (!console && op.mimic !== 'write') return null;
  return async (request) => {
    const actor = mimicOf(request);
    if (!actor) return;
    if (console) throw mimicError(op.operationId === 'startMimic' ? 'MIM003' : 'MIM006');
    await recordRefusedWrite(services.db, actor.mimicId, { operationId: op.operationId, method: op.method, path: request.url.split('?')[0] }, originOf({ ip: request.ip, headers: request.headers as Record<string, string | undefined> }));
    throw mimicError('MIM001');
  };
}
