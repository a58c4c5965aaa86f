// Resolves the requests a page sends before the portal's code has arrived (engine/core/api/early-
// requests.ts) from the configuration: app.yaml `earlyRequests`, the session's first calls, sent on
// every page when its token is stored; a route's `earlyRequests` (routes.yaml), sent on that route's
// pages. Each operation's method and address come from the operation index, the token from its API
// group, each value from a token claim or the page address's query.
import type { EarlyRequest, EarlyRequestDoc, EarlyValue, EarlyValueDoc } from '../core/api/early-requests.ts';
import { compileRoutes, type RoutesDoc } from '../core/routes.ts';

export interface OperationEntry { group: string; basePath: string; method: string; path: string; pathParams: string[]; hasBody: boolean }

export interface ApiDoc {
  tokens?: Record<string, { storage: 'local' | 'session'; key: string; tabKey?: string; memoryUnder?: string }>;
  groups?: Record<string, { token: string }>;
}

const valueOf = (doc: EarlyValueDoc): EarlyValue => ('tokenClaim' in doc ? { claim: doc.tokenClaim } : { query: doc.queryParam });

const valuesOf = (docs: Record<string, EarlyValueDoc>): Record<string, EarlyValue> =>
  Object.fromEntries(Object.entries(docs).map(([name, doc]) => [name, valueOf(doc)]));

/** A slot's tab key and every slot's (the tab holds its own tokens while any is stored), when it has one. */
function tabKeysOf(token: { tabKey?: string }, api: ApiDoc): { tabKey?: string; tabKeys?: string[] } {
  if (!token.tabKey) return {};
  return { tabKey: token.tabKey, tabKeys: Object.values(api.tokens ?? {}).flatMap((slot) => (slot.tabKey ? [slot.tabKey] : [])) };
}

/**
 * One request as the entry sends it. `where` names it in errors; `tokenOptional`: sent without the
 * token when none is stored (a route's page may be a visitor's), else only with it.
 */
function resolve(doc: EarlyRequestDoc, where: string, operations: Record<string, OperationEntry>, api: ApiDoc, tokenOptional: boolean): EarlyRequest {
  const operation = operations[doc.operation];
  if (!operation) throw new Error(`${where}: unknown operation "${doc.operation}"`);
  if (operation.hasBody) throw new Error(`${where}: "${doc.operation}" takes a body; only calls without one are sent early`);
  const token = api.tokens?.[api.groups?.[operation.group]?.token ?? ''];
  if (!token && !tokenOptional) throw new Error(`${where}: "${doc.operation}" is called with no stored token`);
  const params = doc.params ?? {};
  const unfilled = operation.pathParams.filter((name) => !params[name]);
  if (unfilled.length > 0) throw new Error(`${where}: "${doc.operation}" needs a value for ${unfilled.join(', ')}`);
  const usesClaims = [...Object.values(params), ...Object.values(doc.query ?? {})].some((value) => 'tokenClaim' in value);
  if (usesClaims && !token) throw new Error(`${where}: "${doc.operation}" takes a token claim but is called with no token`);
  return {
    method: operation.method.toUpperCase(),
    path: `${operation.basePath}${operation.path}`,
    ...(token ? { token: { storage: token.storage, key: token.key, ...(tokenOptional && !usesClaims ? { optional: true as const } : {}), ...tabKeysOf(token, api), ...(token.memoryUnder ? { memoryUnder: token.memoryUnder } : {}) } } : {}),
    ...(operation.pathParams.length > 0 ? { params: valuesOf(params) } : {}),
    ...(doc.query && Object.keys(doc.query).length > 0 ? { query: valuesOf(doc.query) } : {}),
  };
}

/** app.yaml `earlyRequests`: sent on every page, when their token is stored. */
export function earlyRequests(docs: EarlyRequestDoc[], operations: Record<string, OperationEntry>, api: ApiDoc): EarlyRequest[] {
  return docs.map((doc) => resolve(doc, 'app.yaml earlyRequests', operations, api, false));
}

/**
 * Every route's `earlyRequests`, each sent on the pages of its route (its mirror copies included;
 * routes of features switched off left out).
 */
export function routeEarlyRequests(routesDoc: RoutesDoc, enabledFeatures: Set<string>, operations: Record<string, OperationEntry>, api: ApiDoc): EarlyRequest[] {
  const byRequest = new Map<string, { request: EarlyRequest; pages: string[] }>();
  for (const route of compileRoutes(routesDoc, enabledFeatures)) {
    (route.earlyRequests ?? []).forEach((doc, index) => {
      const request = resolve(doc, `routes.yaml ${route.path} earlyRequests[${index}]`, operations, api, true);
      const key = JSON.stringify(request);
      const entry = byRequest.get(key) ?? { request, pages: [] };
      entry.pages.push(route.path);
      byRequest.set(key, entry);
    });
  }
  return [...byRequest.values()].map(({ request, pages }) => ({ ...request, pages }));
}
