// Shared by the authorization suites: a fingerprint of the whole database (to prove a refused call
// wrote nothing), valid-looking example values from an operation's own schemas, and the request an
// operation gets when every resource its x-policy scopes is filled with someone else's.
import type { Db } from '../../server/db/index.ts';
import type { OpenApiDoc, OperationDef } from '../../server/openapi/load.ts';
import type { ResourceKind } from '../../server/authz/vocabulary.ts';

type Schema = Record<string, unknown>;

/**
 * Row count and an md5 of the contents (rows as text, sorted) of every table of the schema, in one
 * query. Nothing is left out: a refused call must not even count a rate limit or touch a session.
 */
export async function databaseFingerprint(db: Db): Promise<Record<string, string>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const parts = tables.map(
    ({ name }) => `SELECT '${name}' AS name, count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS print FROM "${name}" t`,
  );
  const { rows } = await db.query<{ name: string; print: string }>(parts.join(' UNION ALL '));
  return Object.fromEntries(rows.map((r) => [r.name, r.print]));
}

/** Strings with a pattern need a known example (extend when the contract adds a pattern). */
const PATTERN_EXAMPLES: Record<string, string> = {
  '^[0-9]+$': '100234',
  '^[0-9]{5}$': '30301',
  '^[0-9]{6}$': '123456',
  '^pay_[0-9a-z]{16,}$': 'pay_0000000000000000',
  '^[0-9+() .-]{7,20}$': '404 555 0100',
  '^[0-9]{4}-(0[1-9]|1[0-2])$': '2026-04',
  '^ad_[0-9a-z]{16,}$': 'ad_0000000000000000',
  '^(rpa|ada|dn)_[0-9]{1,12}$': 'ada_1',
  '^[0-9]{4}-[0-9]{2}-[0-9]{2}$': '2026-03-02',
  '^[a-zA-Z][a-zA-Z0-9]*$': 'logo',
  '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$': 'pool-rules',
  '^\\s*[A-Za-z0-9][A-Za-z0-9_-]{0,63}\\s*$': 'pool-rules',
  '\\S': 'Pool rules',
  // An association's code; the embedded portal's nonces and hand-off codes (43 to 128 characters).
  '^[A-Za-z0-9][A-Za-z0-9_-]*$': 'maplegrove',
  '^[A-Za-z0-9_-]*$': 'n0nce'.repeat(9),
  // MyCA's conversation and answer ids (128 random bits).
  '^[A-Za-z0-9_-]{22}$': 'AAAAAAAAAAAAAAAAAAAAAA',
};

export function schemaResolver(docs: OpenApiDoc[]) {
  const byId = new Map(docs.map((d) => [d.id, d.components]));
  return (schema: Schema): Schema => {
    let current = schema;
    for (let i = 0; i < 10 && typeof current.$ref === 'string'; i++) {
      const [id, name] = (current.$ref as string).split('#/$defs/');
      current = byId.get(id)?.[name] as Schema;
      if (!current) throw new Error(`unresolved ${String(schema.$ref)}`);
    }
    return current;
  };
}

/** A value the schema accepts (the smallest sensible one). */
export function exampleOf(raw: Schema, resolve: (s: Schema) => Schema, where: string): unknown {
  const schema = resolve(raw);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const variants = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (variants) return exampleOf(variants[0], resolve, where);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.min(Math.max(Number(schema.minimum ?? 1), 1), Number(schema.maximum ?? Number.MAX_SAFE_INTEGER));
    case 'boolean':
      return false;
    case 'string': {
      if (schema.format === 'date') return '2031-01-15';
      if (schema.format === 'date-time') return '2031-01-15T12:00:00Z';
      if (schema.format === 'email') return 'someone@example.org';
      if (typeof schema.pattern === 'string') {
        const known = PATTERN_EXAMPLES[schema.pattern];
        if (known === undefined) throw new Error(`${where}: no example for pattern ${schema.pattern} (add one to PATTERN_EXAMPLES)`);
        return known;
      }
      return 'x'.repeat(Math.max(Number(schema.minLength ?? 1), 1));
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(((schema.required ?? []) as string[]).map((name) => [name, exampleOf(properties[name], resolve, `${where}.${name}`)]));
    }
    case 'array':
      return [];
    default:
      throw new Error(`${where}: no example for ${JSON.stringify(schema)}`);
  }
}

/** Which resource each scoped parameter names ('path.id' -> 'payment'), over all grants. */
export function scopedParameters(op: OperationDef): Map<string, ResourceKind> {
  const named = new Map<string, ResourceKind>();
  for (const grant of op.policy.grants) for (const s of grant.scopes) named.set(`${s.from}.${s.name}`, s.resource);
  return named;
}

export interface BuiltRequest {
  method: OperationDef['method'];
  url: string;
  body?: unknown;
}

/**
 * The request: every scoped parameter (required or not) names a resource, `resourceFor('body.x',
 * kind)`; other required parameters and body properties get example values; optional ones are
 * left out (but for the first few a body's minProperties asks for).
 */
export function requestFor(op: OperationDef, resourceFor: (parameter: string, kind: ResourceKind) => unknown, resolve: (s: Schema) => Schema): BuiltRequest {
  const scoped = scopedParameters(op);
  const valueFor = (from: string, name: string, schema: Schema) => {
    const resource = scoped.get(`${from}.${name}`);
    return resource ? resourceFor(`${from}.${name}`, resource) : exampleOf(schema, resolve, `${op.operationId} ${from}.${name}`);
  };
  let url = op.url;
  const query = new URLSearchParams();
  for (const p of op.parameters) {
    if (p.in === 'path') url = url.replace(`:${p.name}`, encodeURIComponent(String(valueFor('path', p.name, p.schema))));
    else if (p.in === 'query' && (p.required || scoped.has(`query.${p.name}`))) query.set(p.name, String(valueFor('query', p.name, p.schema)));
  }
  if (query.size) url += `?${query}`;
  if (!op.body) return { method: op.method, url };
  const schema = resolve(op.body.schema);
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const names = Object.keys(properties).filter((name) => ((schema.required ?? []) as string[]).includes(name) || scoped.has(`body.${name}`));
  // A body of at least minProperties: the first optional properties fill it up.
  for (const name of Object.keys(properties)) if (names.length < Number(schema.minProperties ?? 0) && !names.includes(name)) names.push(name);
  if (!op.body.required && names.length === 0) return { method: op.method, url };
  return { method: op.method, url, body: Object.fromEntries(names.map((name) => [name, valueFor('body', name, properties[name])])) };
}
