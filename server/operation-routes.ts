// The API: one Fastify route per operation of openapi/*.yaml (servers[0].url + path, and one more
// per x-legacy-paths address). Each route runs, in order: the route guard's identify step (401),
// the mimic step (403 MIM001 for a write in mimic mode, server/mimic/guard.ts), validation against the operation's own schemas (400), the guard's scope check (403/404), the
// feature step (403 FEA001 when the association has the operation's feature off), then the handler named by operationId, whose answer is checked against the declared responses
// outside production.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ValidateFunction } from 'ajv';
import { loadOpenApiDir, type OperationDef } from './openapi/load.ts';
import { createValidators, describeError, errorField, type CompiledOperation } from './openapi/validate.ts';
import type { Handler, HandlerMap, Services } from './handlers/types.ts';
import { ApiError } from './errors.ts';
import { callerOf, routeGuard } from './authz/guard.ts';
import { readUpload, registerMultipart } from './uploads/multipart.ts';
import { featureCheck } from './features/gate.ts';
import { admissionStep } from './admission.ts';
import { mimicGuard, recordMimicWrite } from './mimic/guard.ts';

export interface RouteEntry {
  op: OperationDef;
  validators: CompiledOperation;
  handler: Handler;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    operation?: RouteEntry;
  }
}

/** Throws when the operations and the handlers do not match one to one. */
export function checkHandlers(operations: OperationDef[], handlers: HandlerMap): void {
  const problems: string[] = [];
  for (const op of operations) {
    if (typeof handlers[op.operationId] !== 'function') problems.push(`operation '${op.operationId}' (${op.method} ${op.url}, ${op.file}) has no handler`);
  }
  const ids = new Set(operations.map((o) => o.operationId));
  for (const id of Object.keys(handlers)) {
    if (!ids.has(id)) problems.push(`handler '${id}' has no operation in openapi/`);
  }
  if (problems.length) throw new Error(`Cannot start the API: ${problems.join('; ')}`);
}

/**
 * The operations' validators by the contract they were compiled from (its documents as JSON).
 * Compiling them is most of the work of building an app: apps built again in one process from the
 * same contract (a test suite builds many) reuse them. A validator keeps nothing between calls but
 * its last `errors`, which are read right after the call.
 */
const compiledByContract = new Map<string, CompiledOperation[]>();
const CONTRACTS_KEPT = 4;

/**
 * The contract and its handlers, checked; throws (before anything opens) when they do not fit.
 * `compileNow`: every validator is compiled before this returns, so that a schema that does not
 * compile stops the server at its start and no request waits for a compile (production). Otherwise
 * each is compiled on its first use.
 */
export async function loadOperations(openapiDir: string, handlers: HandlerMap, { compileNow }: { compileNow: boolean }): Promise<RouteEntry[]> {
  const docs = await loadOpenApiDir(openapiDir);
  const operations = docs.flatMap((d) => d.operations);
  checkHandlers(operations, handlers);
  const contract = JSON.stringify(docs);
  let compiled = compiledByContract.get(contract);
  if (!compiled) {
    const validators = createValidators(docs);
    compiled = operations.map((op) => validators.compile(op));
    compiledByContract.set(contract, compiled);
    if (compiledByContract.size > CONTRACTS_KEPT) compiledByContract.delete(compiledByContract.keys().next().value!);
  }
  if (compileNow) for (const operation of compiled) operation.compileAll();
  const validators = compiled;
  return operations.map((op, i) => ({ op, validators: validators[i], handler: handlers[op.operationId] }));
}

function check(validate: ValidateFunction | null, data: unknown, part: string): void {
  if (validate && !validate(data)) {
    const error = validate.errors?.[0] ?? undefined;
    const detail = describeError(part, error);
    // A body field at fault is named in `fields` too, so that a form shows the refusal by that field.
    const field = part === 'request body' && error ? errorField(error) : '';
    throw new ApiError(400, detail, { errorCode: 'VAL001', ...(field ? { fields: { [field]: detail } } : {}) });
  }
}

async function validateRequest(request: FastifyRequest): Promise<void> {
  const entry = request.routeOptions.config.operation!;
  const v = entry.validators;
  check(v.params(), request.params, 'path');
  check(v.query(), request.query, 'query');
  // An upload's parts are read by its handler (readUpload), after authorization.
  if (entry.op.body && !entry.op.body.multipart) {
    if (request.body === undefined || request.body === null) {
      if (entry.op.body.required) throw new ApiError(400, 'A JSON request body is required.', { errorCode: 'REQ001' });
    } else {
      check(v.body(), request.body, 'request body');
    }
  }
}

export function registerOperationRoutes(
  app: FastifyInstance,
  routes: RouteEntry[],
  options: { services: Services; validateResponses: boolean; maxUploadMb: number },
): void {
  const { services, validateResponses, maxUploadMb } = options;
  app.decorateRequest('caller', null);
  const uploads = routes.filter((entry) => entry.op.body?.multipart);
  // Uploads get the multipart parser in a scope of their own: every other route still takes JSON only.
  if (uploads.length > 0) {
    app.register(async (scope) => {
      await registerMultipart(scope, maxUploadMb);
      for (const entry of uploads) registerOperationRoute(scope, entry, services, validateResponses, maxUploadMb);
    });
  }
  for (const entry of routes) if (!entry.op.body?.multipart) registerOperationRoute(app, entry, services, validateResponses, maxUploadMb);
}

function registerOperationRoute(app: FastifyInstance, entry: RouteEntry, services: Services, validateResponses: boolean, maxUploadMb: number): void {
  const guard = routeGuard(entry.op.policy, services);
  const mimic = mimicGuard(entry.op, services);
  const admit = admissionStep(guard, featureCheck(entry.op, services), services.db);
  const steps = [guard.identify, ...(mimic ? [mimic] : []), validateRequest, admit];
  for (const url of [entry.op.url, ...entry.op.legacyUrls]) app.route({
    method: entry.op.method,
    url,
    config: { operation: entry },
    preHandler: steps,
    async handler(request, reply) {
      const result = await entry.handler(
        {
          operationId: entry.op.operationId,
          params: (request.params ?? {}) as Record<string, unknown>,
          query: (request.query ?? {}) as Record<string, unknown>,
          body: request.body,
          ip: request.ip,
          caller: callerOf(request),
          headers: request.headers as Record<string, string | undefined>,
          ...(entry.op.body?.multipart ? { upload: () => readUpload(request, maxUploadMb) } : {}),
        },
        services,
      );
      await recordMimicWrite(request, result.status, services);
      if (validateResponses) {
        const declared = entry.op.responses[String(result.status)];
        if (declared === undefined) throw new Error(`${entry.op.operationId} answered ${result.status}, which its operation does not declare`);
        const validate = entry.validators.response(String(result.status));
        // A file answer (content) of a status that also declares JSON is sent as it is.
        if (validate && result.content === undefined && !validate(result.body)) {
          throw new Error(`${entry.op.operationId} answered a body that does not match its schema: ${describeError('response', validate.errors?.[0] ?? undefined)}`);
        }
      }
      reply.code(result.status).headers({ 'cache-control': 'no-store', ...(result.headers ?? {}) });
      // A file (a response declared with a non-JSON content type): sent as it is, with the handler's headers.
      if (result.content !== undefined) return reply.send(result.content);
      if (result.body === undefined) return reply.send();
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(result.body));
    },
  });
}
