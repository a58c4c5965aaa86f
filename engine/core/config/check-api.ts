// Cross-checks of schemas/api.yaml's query settings against openapi/: what is always refetched or
// invalidated must be a read (GET), and what invalidates must be a write.
import { isObject, type CheckContext } from './context.ts';

/** operationId -> HTTP method (lower case), from every openapi/ document. */
function operationMethods(ctx: CheckContext): Map<string, string> {
  const methods = new Map<string, string>();
  for (const doc of Object.values(ctx.project.openapi)) {
    if (!isObject(doc.data) || !isObject(doc.data.paths)) continue;
    for (const item of Object.values(doc.data.paths)) {
      if (!isObject(item)) continue;
      for (const [method, op] of Object.entries(item)) {
        if (isObject(op) && typeof op.operationId === 'string') methods.set(op.operationId, method.toLowerCase());
      }
    }
  }
  return methods;
}

/** app.yaml `earlyRequests`: operations of openapi/ (the build resolves their addresses from the index). */
function checkEarlyRequests(ctx: CheckContext, methods: Map<string, string>): void {
  const app = ctx.project.schemas.app;
  if (!app || !isObject(app.data) || !Array.isArray(app.data.earlyRequests)) return;
  app.data.earlyRequests.forEach((entry, i) => {
    const name = isObject(entry) ? entry.operation : undefined;
    if (typeof name === 'string' && !methods.has(name)) ctx.report(app, ['earlyRequests', i, 'operation'], `operation "${name}" is not declared in openapi/`);
  });
}

export function checkApi(ctx: CheckContext): void {
  checkEarlyRequests(ctx, operationMethods(ctx));
  const doc = ctx.project.schemas.api;
  if (!doc || !isObject(doc.data) || !isObject(doc.data.queries)) return;
  const queries = doc.data.queries;
  const methods = operationMethods(ctx);
  const mustRead = (name: unknown, path: (string | number)[]) => {
    if (typeof name !== 'string') return;
    const method = methods.get(name);
    if (!method) ctx.report(doc, path, `operation "${name}" is not declared in openapi/`);
    else if (method !== 'get') ctx.report(doc, path, `operation "${name}" is a ${method.toUpperCase()}, not a read: only GET operations are cached`);
  };
  if (Array.isArray(queries.alwaysRefetch)) queries.alwaysRefetch.forEach((name, i) => mustRead(name, ['queries', 'alwaysRefetch', i]));
  if (!isObject(queries.invalidates)) return;
  for (const [writer, targets] of Object.entries(queries.invalidates)) {
    const method = methods.get(writer);
    if (!method) ctx.report(doc, ['queries', 'invalidates', writer], `operation "${writer}" is not declared in openapi/`);
    else if (method === 'get') ctx.report(doc, ['queries', 'invalidates', writer], `operation "${writer}" is a read (GET): only writes invalidate`);
    if (Array.isArray(targets)) targets.forEach((name, i) => mustRead(name, ['queries', 'invalidates', writer, i]));
  }
}
