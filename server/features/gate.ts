// The feature step of an operation's route (after the authorization guard): a feature the console
// switched off for the request's association refuses the operation before its handler runs, so
// nothing changes. One query finds the association (and the method kind a payment names); the
// effective settings come from the settings cache.
import type { FastifyRequest } from 'fastify';
import type { Services } from '../handlers/types.ts';
import type { OperationDef } from '../openapi/load.ts';
import { callerOf } from '../authz/guard.ts';
import type { Bind } from '../authz/scopes.ts';
import { featureOff } from './errors.ts';
import { FEATURES, type FeatureFacts } from './registry.ts';
import { locatorFor } from './locate.ts';

interface Found {
  association_id: number | null;
  management_company_id: number | null;
  association_code: string | null;
  company_code: string | null;
  method_kind: string | null;
}

/** The route's feature step, or null for an operation of the core alone (nothing to check). */
export function featureGuard(op: OperationDef, services: Services): ((request: FastifyRequest) => Promise<void>) | null {
  const features = op.features.filter((name) => name !== 'core');
  if (features.length === 0) return null;
  const locator = locatorFor(op);
  const needsKind = features.includes('payments');
  return async (request) => {
    const params: unknown[] = [];
    const bind: Bind = (value) => `$${params.push(value)}`;
    const association = locator.associationSql(request, callerOf(request), bind);
    // A request naming no association answers the caller's own data (its handler decides).
    if (association === null) return;
    const kind = needsKind ? locator.methodKindSql(request, bind) : null;
    const { rows } = await services.db.query<Found>(
      `SELECT a.id AS association_id, a.management_company_id, a.code AS association_code, c.code AS company_code,
              ${kind ? `(${kind} LIMIT 1)` : 'NULL::text'} AS method_kind
         FROM (SELECT 1) one
         LEFT JOIN associations a ON a.id = (${association} LIMIT 1)
         LEFT JOIN management_companies c ON c.id = a.management_company_id`,
      params,
    );
    const found = rows[0];
    // An association that does not exist is the handler's to answer (its own not-found).
    if (!found || found.association_id === null || found.management_company_id === null) return;
    const facts: FeatureFacts = {
      values: await services.settings.valuesFor(Number(found.management_company_id), Number(found.association_id)),
      companyCode: found.company_code ?? '',
      associationCode: found.association_code ?? '',
      methodKind: found.method_kind === 'card' || found.method_kind === 'bank' ? found.method_kind : null,
    };
    for (const name of features) {
      if (!FEATURES[name].on(facts)) throw featureOff(name, facts.methodKind);
    }
  };
}
