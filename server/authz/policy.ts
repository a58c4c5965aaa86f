// x-policy: who may call an operation, declared once next to its contract (docs/server.md,
// "Authorization"). Either the word `public`, or a list of grants, any one of which lets the
// request through:
//
//   x-policy: public
//   x-policy:
//     - user: self                                   # any signed-in user, about themselves
//     - homeowner: { subLedger: body.subLedgerId }   # owner of the account of that sub-ledger
//     - board: { association: path.id }              # on the board of that association
//
// A grant names a principal (vocabulary.ts) and either `self` (the caller's own data, nothing
// named) or the resources the request names, each read from a parameter (`path.x`, `query.x`,
// `body.x`); all of them must be in the caller's scope. A parameter the request leaves out
// (an optional one) is not checked: the handler then answers only the caller's own data.
// parsePolicy refuses anything else with a message, and the server does not start.
import { PRINCIPALS, PUBLIC, RESOURCES, SELF, isPrincipal, isResource, type PrincipalName, type ResourceKind } from './vocabulary.ts';

export type ParameterSource = 'path' | 'query' | 'body';

export interface ScopeRef {
  resource: ResourceKind;
  from: ParameterSource;
  name: string;
}

export interface Grant {
  principal: PrincipalName;
  /** Empty: `self`, nothing named. */
  scopes: ScopeRef[];
}

export interface Policy {
  public: boolean;
  /** Empty when public. */
  grants: Grant[];
}

/** What the operation declares, to check the parameters a policy names. */
export interface PolicyContext {
  /** The JSON Schema of a path or query parameter or a top-level body property (refs resolved); undefined if there is none. */
  schemaOf(from: ParameterSource, name: string): Record<string, unknown> | undefined;
}

export class PolicyError extends Error {}

const list = (names: readonly string[]) => names.join(', ');
const known = () => `${PUBLIC}, or a list of grants of ${list(Object.keys(PRINCIPALS))}`;

function typeOf(schema: Record<string, unknown>): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string')) return 'string';
  return undefined;
}

function parseScope(principal: PrincipalName, resource: string, ref: unknown, context: PolicyContext, where: string): ScopeRef {
  const allowed = PRINCIPALS[principal].resources as readonly string[];
  if (!isResource(resource)) throw new PolicyError(`${where}: unknown resource '${resource}' (known: ${list(Object.keys(RESOURCES))})`);
  if (!allowed.includes(resource)) throw new PolicyError(`${where}: ${principal} cannot be scoped to ${resource} (only ${list(allowed)})`);
  const at = `${where}.${resource}`;
  const match = typeof ref === 'string' ? /^(path|query|body)\.(.+)$/.exec(ref) : null;
  if (!match) throw new PolicyError(`${at}: name the parameter as path.<name>, query.<name> or body.<name>, not ${JSON.stringify(ref)}`);
  const from = match[1] as ParameterSource;
  const name = match[2];
  const schema = context.schemaOf(from, name);
  if (!schema) {
    const what = from === 'body' ? `a property of the request body` : `a ${from} parameter of the operation`;
    throw new PolicyError(`${at}: ${from}.${name} is not ${what}`);
  }
  const expected = RESOURCES[resource];
  const actual = typeOf(schema);
  if (actual !== expected) throw new PolicyError(`${at}: ${resource} is named by ${expected === 'integer' ? 'an' : 'a'} ${expected}, but ${from}.${name} is ${actual ?? 'of no declared type'}`);
  return { resource, from, name };
}

function parseGrant(raw: unknown, context: PolicyContext, where: string): Grant {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw) || Object.keys(raw).length !== 1) {
    throw new PolicyError(`${where}: a grant is one principal and its scope, such as "homeowner: { subLedger: body.subLedgerId }"`);
  }
  const [name, scope] = Object.entries(raw)[0];
  if (!isPrincipal(name)) throw new PolicyError(`${where}: unknown principal '${name}' (known: ${list(Object.keys(PRINCIPALS))})`);
  const at = `${where}.${name}`;
  if (scope === SELF) {
    if (!PRINCIPALS[name].self) throw new PolicyError(`${at}: ${name} must name what it is scoped to (${list(PRINCIPALS[name].resources)}); "self" is for user, staff, admin, guest and express`);
    return { principal: name, scopes: [] };
  }
  if (!scope || typeof scope !== 'object' || Array.isArray(scope) || Object.keys(scope).length === 0) {
    const forms = PRINCIPALS[name].self ? `"self" or a map of resources to parameters` : `a map of resources to parameters`;
    throw new PolicyError(`${at}: the scope must be ${forms}, not ${JSON.stringify(scope)}`);
  }
  return { principal: name, scopes: Object.entries(scope).map(([resource, ref]) => parseScope(name, resource, ref, context, at)) };
}

/** The policy of one operation; throws PolicyError naming what is wrong. */
export function parsePolicy(raw: unknown, context: PolicyContext): Policy {
  if (raw === PUBLIC) return { public: true, grants: [] };
  if (raw === undefined) throw new PolicyError(`x-policy is missing (${known()})`);
  if (!Array.isArray(raw) || raw.length === 0) throw new PolicyError(`x-policy must be ${known()}`);
  const grants = raw.map((g, i) => parseGrant(g, context, `x-policy[${i}]`));
  // One parameter names one kind of resource, whoever the grant is for.
  const named = new Map<string, ResourceKind>();
  for (const scope of grants.flatMap((g) => g.scopes)) {
    const key = `${scope.from}.${scope.name}`;
    const other = named.get(key);
    if (other && other !== scope.resource) throw new PolicyError(`x-policy: ${key} is scoped both as ${other} and as ${scope.resource}`);
    named.set(key, scope.resource);
  }
  return { public: false, grants };
}
