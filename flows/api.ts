// The product's operations as TypeScript sees them: every operation's path parameters, query, body
// and answers, generated from openapi/ (generated/operation-types.ts). Flow code calls operations
// through apiCall(env), which tsc checks against the contract; answers kept in a flow's context are
// typed with ResponseOf instead of interfaces copied by hand.
import { typedCall, type TypedCall } from '../engine/core/api/operation-types.ts';
import type { FlowEnvironment } from '../engine/core/flow/types.ts';
import type { Operations } from '../generated/operation-types.ts';

export type { Operations };
export type OperationId = keyof Operations & string;
/** The JSON body of an operation's success answer. */
export type ResponseOf<Id extends OperationId> = Operations[Id]['response'];
/** The JSON request body of an operation. */
export type BodyOf<Id extends OperationId> = Operations[Id]['body'];

/** The flow environment's call, checked against openapi/. */
export function apiCall(env: Pick<FlowEnvironment, 'call'>): TypedCall<Operations> {
  return typedCall<Operations>(env);
}
