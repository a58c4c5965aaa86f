// The feature check of an operation's route (decided after the authorization guard's): a feature
// the console switched off for the request's association refuses the operation before its handler
// runs, so nothing changes. Its columns in the route's admission query (server/admission.ts) find
// the association (and the method kind a payment names); the effective settings come from the
// settings cache.
import type { FastifyRequest } from 'fastify';
import type { Services } from '../handlers/types.ts';
import type { OperationDef } from '../openapi/load.ts';
import { callerOf } from '../authz/guard.ts';
import type { Bind } from '../authz/bind.ts';
import { featureOff } from './errors.ts';
import { FEATURES, type FeatureFacts } from './registry.ts';
import { locatorFor } from './locate.ts';

/** The columns the feature plan adds to the route's admission query (server/admission.ts). */
export interface FeatureFound {
  association_id: number | null;
  management_company_id: number | null;
  association_code: string | null;
  company_code: string | null;
  method_kind: string | null;
}

/** What checking one request's features needs from the database, and the decision on its answer. */
export interface FeaturePlan {
  /** The select list (FeatureFound's columns), over `FROM (SELECT 1) one` and `joins`. */
  columns: string;
  joins: string;
  /** Returns when every feature of the operation is on for the association found; throws FEA001 otherwise. */
  decide(found: FeatureFound): Promise<void>;
}

export type FeatureCheck = (request: FastifyRequest, bind: Bind) => FeaturePlan | null;

/** The route's feature check, or null for an operation of the core alone (nothing to check). */
export function featureCheck(op: OperationDef, services: Services): FeatureCheck | null {
  const features = op.features.filter((name) => name !== 'core');
  if (features.length === 0) return null;
  const locator = locatorFor(op);
  const needsKind = features.includes('payments');
  return (request, bind) => {
    const association = locator.associationSql(request, callerOf(request), bind);
    // A request naming no association answers the caller's own data (its handler decides).
    if (association === null) return null;
    const kind = needsKind ? locator.methodKindSql(request, bind) : null;
    return {
      columns: `a.id AS association_id, a.management_company_id, a.code AS association_code, c.code AS company_code,
              ${kind ? `(${kind} LIMIT 1)` : 'NULL::text'} AS method_kind`,
      joins: `LEFT JOIN associations a ON a.id = (${association} LIMIT 1)
         LEFT JOIN management_companies c ON c.id = a.management_company_id`,
      async decide(found) {
        // An association that does not exist is the handler's to answer (its own not-found).
        if (found.association_id === null || found.management_company_id === null) return;
        const facts: FeatureFacts = {
          values: await services.settings.valuesFor(Number(found.management_company_id), Number(found.association_id)),
          companyCode: found.company_code ?? '',
          associationCode: found.association_code ?? '',
          methodKind: found.method_kind === 'card' || found.method_kind === 'bank' ? found.method_kind : null,
        };
        for (const name of features) {
          if (!FEATURES[name].on(facts)) throw featureOff(name, facts.methodKind);
        }
      },
    };
  };
}
