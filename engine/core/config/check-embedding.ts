// app.yaml `embedding` against the rest: the allowed origins are read with a GET of openapi/ whose
// parameters the binding fills (each of them, and only those) and whose answer has the field named;
// the bridge is only ever loaded under a mirror, so routes.yaml must have one. The theme event is
// checked with every other event sent to the session flow (check-session.ts).
import { isObject, type CheckContext } from './context.ts';
import { objectShape, type OperationContract } from './operation-contracts.ts';
import type { PathSegment } from './problem.ts';
import type { SourceDoc } from './source.ts';

function hasMirror(ctx: CheckContext): boolean {
  const routes = ctx.project.schemas.routes?.data;
  if (!isObject(routes) || !isObject(routes.layouts)) return false;
  return Object.values(routes.layouts).some((layout) => isObject(layout) && typeof layout.mirror === 'string' && layout.mirror !== '');
}

/** The answer's schema for a success, when the contract declares one. */
function successSchema(contract: OperationContract): Record<string, unknown> | undefined {
  const [, path, method] = contract.at as string[];
  const doc = contract.doc.data;
  if (!isObject(doc) || !isObject(doc.paths)) return undefined;
  const operation = contract.resolve(contract.resolve(doc.paths[path])[method]);
  const responses = contract.resolve(operation.responses);
  const success = contract.resolve(responses['200'] ?? responses['2XX']);
  const content = isObject(success.content) ? success.content : {};
  const media = content['application/json'] ?? Object.values(content)[0];
  return isObject(media) && isObject(media.schema) ? contract.resolve(media.schema) : undefined;
}

function checkBindings(ctx: CheckContext, app: SourceDoc, origins: Record<string, unknown>, contract: OperationContract): void {
  const base: PathSegment[] = ['embedding', 'allowedOrigins'];
  const params = isObject(origins.params) ? origins.params : {};
  const query = isObject(origins.query) ? origins.query : {};
  for (const name of Object.keys(params)) {
    if (!contract.pathParams.includes(name)) ctx.report(app, [...base, 'params', name], `operation "${contract.id}" has no path parameter "${name}" (it has: ${contract.pathParams.join(', ') || 'none'})`);
  }
  for (const name of contract.pathParams) {
    if (!(name in params)) ctx.report(app, [...base, 'params'], `path parameter "${name}" of operation "${contract.id}" has no value: give it one under params`);
  }
  for (const name of Object.keys(query)) {
    if (!contract.query.has(name)) ctx.report(app, [...base, 'query', name], `operation "${contract.id}" has no query parameter "${name}" (it has: ${[...contract.query.keys()].join(', ') || 'none'})`);
  }
  for (const [name, required] of contract.query) {
    if (required && !(name in query)) ctx.report(app, [...base, 'query'], `query parameter "${name}" of operation "${contract.id}" is required: give it a value under query`);
  }
}

export function checkEmbedding(ctx: CheckContext, contracts: Map<string, OperationContract>): void {
  const app = ctx.project.schemas.app;
  const embedding = isObject(app?.data) ? app.data.embedding : undefined;
  if (!app || !isObject(embedding) || !isObject(embedding.allowedOrigins)) return; // the meta-schema says why
  if (!hasMirror(ctx)) ctx.report(app, ['embedding'], 'no layout of schemas/routes.yaml has a `mirror`: the embedded pages are the mirror\'s, so nothing would ever use this');
  const origins = embedding.allowedOrigins;
  if (typeof origins.operation !== 'string') return;
  const contract = contracts.get(origins.operation);
  if (!contract) {
    ctx.report(app, ['embedding', 'allowedOrigins', 'operation'], `operation "${origins.operation}" is not declared in openapi/`);
    return;
  }
  if (contract.at[2] !== 'get') {
    ctx.report(app, ['embedding', 'allowedOrigins', 'operation'], `operation "${origins.operation}" is a ${String(contract.at[2]).toUpperCase()}, not a read: the allowed origins are read with a GET`);
  }
  checkBindings(ctx, app, origins, contract);
  if (typeof origins.field !== 'string') return;
  const shape = objectShape(successSchema(contract), contract.resolve);
  if (!shape.open && !shape.properties.has(origins.field)) {
    ctx.report(app, ['embedding', 'allowedOrigins', 'field'], `the answer of operation "${origins.operation}" has no field "${origins.field}" (it has: ${[...shape.properties.keys()].join(', ') || 'none'})`);
  }
}
