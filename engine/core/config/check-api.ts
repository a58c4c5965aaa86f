// Cross-checks of schemas/api.yaml's query settings against openapi/: what is always refetched or
// invalidated must be a read (GET), and what invalidates must be a write; the calls sent early
// (app.yaml's and the routes' `earlyRequests`) must be operations of openapi/.
import { isObject, type CheckContext } from './context.ts';
import type { SourceDoc } from './source.ts';

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

/** The `earlyRequests` entries of app.yaml and of every route of routes.yaml, each with where it is. */
function earlyRequestSites(ctx: CheckContext): { file: SourceDoc; path: (string | number)[]; entry: unknown }[] {
  const sites: { file: SourceDoc; path: (string | number)[]; entry: unknown }[] = [];
  const app = ctx.project.schemas.app;
  if (app && isObject(app.data) && Array.isArray(app.data.earlyRequests)) {
    app.data.earlyRequests.forEach((entry, i) => sites.push({ file: app, path: ['earlyRequests', i], entry }));
  }
  const routes = ctx.project.schemas.routes;
  const visit = (list: unknown, path: (string | number)[]) => {
    if (!routes || !Array.isArray(list)) return;
    list.forEach((route, i) => {
      if (!isObject(route)) return;
      if (Array.isArray(route.earlyRequests)) route.earlyRequests.forEach((entry, j) => sites.push({ file: routes, path: [...path, i, 'earlyRequests', j], entry }));
      visit(route.children, [...path, i, 'children']);
    });
  };
  if (routes && isObject(routes.data) && isObject(routes.data.layouts)) {
    for (const [name, layout] of Object.entries(routes.data.layouts)) if (isObject(layout)) visit(layout.routes, ['layouts', name, 'routes']);
  }
  return sites;
}

/**
 * app.yaml's and the routes' `earlyRequests`: operations of openapi/ (the build resolves their
 * addresses from the index, and refuses one that takes a body).
 */
function checkEarlyRequests(ctx: CheckContext, methods: Map<string, string>): void {
  for (const { file, path, entry } of earlyRequestSites(ctx)) {
    const name = isObject(entry) ? entry.operation : undefined;
    if (typeof name !== 'string') continue;
    if (!methods.has(name)) ctx.report(file, [...path, 'operation'], `operation "${name}" is not declared in openapi/`);
  }
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
