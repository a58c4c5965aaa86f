// Operation types derived from openapi-typescript's `operations` interface, and a call typed by
// them. The engine calls operations by operationId with untyped requests (the operationIds come
// from YAML); code written in TypeScript calls through `typedCall`, whose operationId, path
// parameters, query, body and answer are checked by tsc against the contract. Nothing here is
// about one API: the product instantiates these with its own generated map.
import type { FlowEnvironment, OperationRequest } from '../flow/types.ts';

/** An operation that takes no parameters of this kind. */
export type NoParameters = Record<string, never>;

type Defined<T> = Exclude<T, undefined>;
type IsNever<T> = [T] extends [never] ? true : false;

/** The JSON body of a request body or response object; `undefined` when it has none (e.g. 204). */
type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : undefined;

type PathOf<Op> = Op extends { parameters: { path: infer Path } } ? (IsNever<Path> extends true ? NoParameters : Path) : NoParameters;
type QueryOf<Op> = Op extends { parameters: { query?: infer Query } }
  ? IsNever<Defined<Query>> extends true ? NoParameters : Defined<Query>
  : NoParameters;
type QueryRequired<Op> = Op extends { parameters: { query: object } } ? true : false;
type BodyOf<Op> = Op extends { requestBody?: infer Body } ? (IsNever<Defined<Body>> extends true ? undefined : JsonOf<Defined<Body>>) : undefined;
type BodyRequired<Op> = Op extends { requestBody: object } ? true : false;

type Responses<Op> = Op extends { responses: infer R } ? R : never;
type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206;

/** The parts of a request: required ones as required fields, absent ones as fields that must stay out. */
type Part<Key extends string, T, Required extends boolean> = [T] extends [undefined]
  ? { [K in Key]?: undefined }
  : [T] extends [NoParameters]
    ? { [K in Key]?: NoParameters }
    : Required extends true ? { [K in Key]: T } : { [K in Key]?: T };

/** What one operation takes and answers. */
export interface OperationTypes {
  /** Path parameters (NoParameters when the path has none). */
  params: object;
  /** Query parameters (NoParameters when it takes none). */
  query: object;
  /** The JSON request body as the server receives it (undefined when the operation takes none). */
  body: unknown;
  /** The JSON body of its success answer (a union when it declares several; undefined for 204). */
  response: unknown;
  /** The JSON body of every declared answer, by status. */
  responses: object;
  /** What a caller sends: `params`, `query` and `body`, each required when the contract requires it. */
  request: object;
}

/** OperationTypes of one openapi-typescript operation (`operations['getUser']`). */
export type OperationTypesOf<Op> = {
  params: PathOf<Op>;
  query: QueryOf<Op>;
  body: BodyRequired<Op> extends true ? BodyOf<Op> : BodyOf<Op> | undefined;
  response: { [S in keyof Responses<Op> & SuccessStatus]: JsonOf<Responses<Op>[S]> }[keyof Responses<Op> & SuccessStatus];
  responses: { [S in keyof Responses<Op>]: JsonOf<Responses<Op>[S]> };
  request: Part<'params', PathOf<Op>, true> & Part<'query', QueryOf<Op>, QueryRequired<Op>> & Part<'body', BodyOf<Op>, BodyRequired<Op>>;
};

/** A map operationId -> OperationTypes (a product's generated one). */
export type OperationMap = { [operationId: string]: OperationTypes };

/** What the engine's call takes besides the contract's parts (see OperationRequest). */
export type CallOptions = Pick<OperationRequest, 'suppressToast' | 'idempotencyKey'>;

type RequestArgs<Op extends OperationTypes> = object extends Op['request']
  ? [request?: Op['request'] & CallOptions]
  : [request: Op['request'] & CallOptions];

/** Calls an operation by operationId, checked against its types. */
export type TypedCall<Ops extends OperationMap> = <Id extends keyof Ops & string>(
  operationId: Id,
  ...request: RequestArgs<Ops[Id]>
) => Promise<Ops[Id]['response']>;

/**
 * The environment's call, typed by a product's map. The answer's type is the contract's: outside
 * production the server checks every answer against the same schemas before sending it.
 */
export function typedCall<Ops extends OperationMap>(environment: Pick<FlowEnvironment, 'call'>): TypedCall<Ops> {
  const call = (operationId: string, request?: OperationRequest) => environment.call(operationId, request ?? {});
  return call as TypedCall<Ops>;
}
