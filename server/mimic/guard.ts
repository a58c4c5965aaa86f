// The mimic step of every route (server/operation-routes.ts), right after the caller is identified:
// a mimic session (a token with an `act` claim, server/auth/tokens.ts) sees what the owner sees.
// Its writes (every operation but a GET, unless the contract marks it `x-mimic: allowed`) are
// refused with MIM001 unless the staff member may act on the owner's behalf; what the contract
// marks `x-mimic: never` is refused with MIM008 even then. Each refusal is written to the company's
// trail, and so is each write that went through (recordMimicWrite, once it succeeded). The console's
// operations (only staff or admins may call them) are refused with MIM006, and starting mimic mode
// again with MIM003. Built per route at boot: a route every mimic session may call costs nothing.
import type { FastifyRequest } from 'fastify';
import type { OperationDef } from '../openapi/load.ts';
import type { Services } from '../handlers/types.ts';
import type { UserCaller } from '../authz/caller.ts';
import { originOf } from '../audit/record.ts';
import { mimicError } from './errors.ts';
import { actsOnBehalf, recordMimicAttempt, type MimicAttempt } from './store.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** A write let through in a mimic session (acting on the owner's behalf): recorded once it succeeds. */
    mimicWrite?: { mimicId: number; attempt: MimicAttempt };
  }
}

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

const originOfRequest = (request: FastifyRequest) => originOf({ ip: request.ip, headers: request.headers as Record<string, string | undefined> });

/** The step refusing what a mimic session may not do on this operation; null when it may do it all. */
export function mimicGuard(op: OperationDef, services: Services): ((request: FastifyRequest) => Promise<void>) | null {
  if (op.policy.public) return null;
  const console = isConsoleOperation(op);
  if (!console && (op.mimic === 'read' || op.mimic === 'allowed')) return null;
  return async (request) => {
    const actor = mimicOf(request);
    if (!actor) return;
    if (console) throw mimicError(op.operationId === 'startMimic' ? 'MIM003' : 'MIM006');
    const attempt: MimicAttempt = { operationId: op.operationId, method: op.method, path: request.url.split('?')[0] };
    // The grant is read as it is now: taken away mid-session, the next write is refused.
    if (op.mimic === 'write' && (await actsOnBehalf(services.db, actor.mimicId))) {
      request.mimicWrite = { mimicId: actor.mimicId, attempt };
      return;
    }
    await recordMimicAttempt(services.db, actor.mimicId, 'mimic.refused', attempt, originOfRequest(request));
    throw mimicError(op.mimic === 'never' ? 'MIM008' : 'MIM001');
  };
}

/** A write made in a mimic session, in the trail with both people, once it has succeeded. */
export async function recordMimicWrite(request: FastifyRequest, status: number, services: Services): Promise<void> {
  const write = request.mimicWrite;
  if (!write || status >= 400) return;
  await recordMimicAttempt(services.db, write.mimicId, 'mimic.write', { ...write.attempt, status }, originOfRequest(request));
}
