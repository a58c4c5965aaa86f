// The step of an operation's route after request validation that admits the request or refuses it:
// the authorization guard's checks (server/authz/guard.ts), then the operation's features for the
// association the request names (server/features/gate.ts). Both are answered by one query, so that
// a request pays one database round trip for them at most. The order of the decisions is kept: a
// request out of the caller's scope is refused as such, whatever its association's features.
import type { FastifyRequest } from 'fastify';
import type { Db } from './db/index.ts';
import type { RouteGuard } from './authz/guard.ts';
import type { Bind } from './authz/bind.ts';
import type { FeatureCheck, FeatureFound } from './features/gate.ts';

export function admissionStep(guard: RouteGuard, features: FeatureCheck | null, db: Db): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const params: unknown[] = [];
    const bind: Bind = (value) => `$${params.push(value)}`;
    const authorization = guard.plan(request, bind);
    // Refused without the database: nothing to ask.
    if (authorization?.clauses.length === 0) authorization.decide([]);
    const featurePlan = features?.(request, bind) ?? null;
    const clauses = authorization?.clauses ?? [];
    if (clauses.length === 0 && !featurePlan) return;
    const columns = [...clauses.map((clause, i) => `${clause} AS c${i}`), ...(featurePlan ? [featurePlan.columns] : [])];
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT ${columns.join(', ')}${featurePlan ? `\n         FROM (SELECT 1) one\n         ${featurePlan.joins}` : ''}`,
      params,
    );
    const row = rows[0] ?? {};
    authorization?.decide(clauses.map((_, i) => row[`c${i}`] === true));
    if (featurePlan) await featurePlan.decide(row as unknown as FeatureFound);
  };
}
