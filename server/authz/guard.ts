// The one place operations are authorized: a guard per route, built from the operation's x-policy
// at boot. Two parts around request validation:
//   identify (a step before validation): who is calling, from the bearer token; 401 AUTH002 otherwise.
//   plan (after validation, so parameters have their declared types): the resources the request
//     names must be in the caller's scope for at least one grant. It gives the clauses the database
//     answers and the decision on those answers; the route's admission step (server/admission.ts)
//     asks them in its one query.
// Handlers run only after both, and receive the caller (request.caller) already checked.
import type { FastifyRequest } from 'fastify';
import type { Services } from '../handlers/types.ts';
import type { Caller, UserCaller } from './caller.ts';
import type { Grant, Policy, ScopeRef } from './policy.ts';
import { identify } from './identify.ts';
import { CHECKS, REFUSALS, SELF_CHECKS, WITHIN, unreachable, type Check } from './scopes.ts';
import type { Bind } from './bind.ts';
import { tokenKindOf, type ResourceKind, type TokenKind } from './vocabulary.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the route guard before validation (anonymous on public operations); null before. */
    caller: Caller | null;
  }
}

/** What authorizing one request needs from the database, and the decision on its answers. */
export interface GuardPlan {
  /** Boolean SQL expressions, their parameters bound with the bind the plan was given. */
  clauses: string[];
  /** Returns when a grant holds with these answers (one per clause); throws the refusal otherwise. */
  decide(answers: boolean[]): void;
}

export interface RouteGuard {
  identify(request: FastifyRequest): Promise<void>;
  /** Null when the request is authorized without the database. */
  plan(request: FastifyRequest, bind: Bind): GuardPlan | null;
}

/** The caller the guard identified; a route without a guard is a bug. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error(`${request.method} ${request.url}: no caller (the route has no guard)`);
  return request.caller;
}

const ANONYMOUS: Caller = Object.freeze({ kind: 'anonymous' });

function valueOf(request: FastifyRequest, scope: ScopeRef): unknown {
  const source = scope.from === 'path' ? request.params : scope.from === 'query' ? request.query : request.body;
  return source && typeof source === 'object' ? (source as Record<string, unknown>)[scope.name] : undefined;
}

/** One check of a grant: settled (true/false) or the index of its clause in the query. */
interface Pending {
  resource: ResourceKind;
  holds: boolean | number;
}

/** The checks of one grant for this request; a value already out of scope settles it without the database. */
function plan(grant: Grant, caller: Caller, request: FastifyRequest, clauses: string[], bind: Bind): Pending[] {
  const checks: Pending[] = [];
  const queued: { resource: ResourceKind; sql: string }[] = [];
  // A self grant of a principal that is a role (staff, admin) holds only while the caller has it.
  const role = grant.scopes.length === 0 ? SELF_CHECKS[grant.principal] : undefined;
  if (role) queued.push({ resource: 'self', sql: role(caller as UserCaller, bind) });
  for (const scope of grant.scopes) {
    const value = valueOf(request, scope);
    // Left out (optional): not named, nothing to check.
    if (value === undefined) continue;
    const check = CHECKS[grant.principal][scope.resource] as Check<Caller> | undefined;
    if (!check) throw new Error(`no check for ${grant.principal} over ${scope.resource}`);
    if (unreachable(scope.resource, value)) return [{ resource: scope.resource, holds: false }];
    if ('compare' in check) {
      if (!check.compare(value, caller)) return [{ resource: scope.resource, holds: false }];
      checks.push({ resource: scope.resource, holds: true });
    } else {
      queued.push({ resource: scope.resource, sql: check.sql(value, caller, bind) });
    }
  }
  for (const scope of grant.scopes) {
    const within = WITHIN[scope.resource];
    const outer = within && grant.scopes.find((other) => other.resource === within.outer);
    const [value, outerValue] = [valueOf(request, scope), outer && valueOf(request, outer)];
    if (within && value !== undefined && outerValue !== undefined) queued.push({ resource: scope.resource, sql: within.sql(value, outerValue, bind) });
  }
  for (const q of queued) checks.push({ resource: q.resource, holds: clauses.push(q.sql) - 1 });
  return checks;
}

export function routeGuard(policy: Policy, services: Services): RouteGuard {
  const kinds: ReadonlySet<TokenKind> = new Set(policy.grants.map((g) => tokenKindOf(g.principal)));
  return {
    async identify(request) {
      request.caller = policy.public ? ANONYMOUS : await identify(request, kinds, services);
    },
    plan(request, bind) {
      if (policy.public) return null;
      const caller = callerOf(request);
      // Grants of the anyone principal (optional credential) hold for every caller, anonymous or not.
      // A mimic session is the owner's, never staff: a staff or admin grant does not hold for it
      // (the console's own operations are refused before this, server/mimic/guard.ts).
      const mimic = caller.kind === 'user' && caller.actor !== undefined;
      const grants = policy.grants.filter((g) => (tokenKindOf(g.principal) === caller.kind || tokenKindOf(g.principal) === 'optional')
        && !(mimic && (g.principal === 'staff' || g.principal === 'admin')));
      if (grants.length === 0) throw new Error(`caller of kind ${caller.kind} passed identification without a grant`);
      const clauses: string[] = [];
      const planned = grants.map((grant) => plan(grant, caller, request, clauses, bind));
      // A grant settled without the database (self, or nothing named) needs no query.
      if (planned.some((checks) => checks.every((c) => c.holds === true))) return null;
      return {
        clauses,
        decide(answers) {
          const holds = (c: Pending) => (typeof c.holds === 'number' ? answers[c.holds] === true : c.holds);
          if (planned.some((checks) => checks.every(holds))) return;
          // Refused: the answer of the first grant's first resource found out of scope.
          const refused = planned[0].find((c) => !holds(c))!;
          throw REFUSALS[refused.resource]();
        },
      };
    },
  };
}
