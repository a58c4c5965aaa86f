// Where a request's association comes from, worked out once per operation at boot from what its
// x-policy scopes name (the same parameters the authorization layer checks), else from the guest or
// express session, else from a public operation's association or account parameter.
import type { FastifyRequest } from 'fastify';
import type { OperationDef } from '../openapi/load.ts';
import type { ResourceKind } from '../authz/vocabulary.ts';
import type { Caller } from '../authz/caller.ts';
import type { Bind } from '../authz/bind.ts';

type From = 'path' | 'query' | 'body';

/** The association id of a resource named by value (a subquery), for the resources that belong to one. */
const ASSOCIATION_OF: Partial<Record<ResourceKind, (bind: Bind, value: unknown) => string>> = {
  association: (b, v) => `SELECT ${b(v)}::integer`,
  documentLibrary: (b, v) => `SELECT ${b(v)}::integer`,
  account: (b, v) => `SELECT association_id FROM accounts WHERE account_number = ${b(v)}::text`,
  subLedger: (b, v) => `SELECT ac.association_id FROM sub_ledgers sl JOIN accounts ac ON ac.id = sl.account_id WHERE sl.id = ${b(v)}::integer`,
  payment: (b, v) => `SELECT ac.association_id FROM payments p JOIN accounts ac ON ac.id = p.account_id WHERE p.id = ${b(v)}::text`,
  recurringPayment: (b, v) =>
    `SELECT ac.association_id FROM recurring_payments r JOIN sub_ledgers sl ON sl.id = r.sub_ledger_id JOIN accounts ac ON ac.id = sl.account_id WHERE r.id = ${b(v)}::text`,
  autoDraft: (b, v) => `SELECT ac.association_id FROM auto_draft_enrollments e JOIN accounts ac ON ac.id = e.account_id WHERE e.id = ${b(v)}::text`,
  messageThread: (b, v) => `SELECT association_id FROM message_threads WHERE id = ${b(v)}::integer`,
  homeownerRequest: (b, v) => `SELECT association_id FROM homeowner_requests WHERE id = ${b(v)}::integer`,
  arcRequest: (b, v) => `SELECT association_id FROM homeowner_requests WHERE id = ${b(v)}::integer`,
  document: (b, v) => `SELECT association_id FROM documents WHERE id = ${b(v)}::integer`,
  documentFolder: (b, v) => `SELECT association_id FROM document_folders WHERE id = ${b(v)}::integer`,
};

/** Parameters of public operations (no scope names them) that name an association or an account. */
const PUBLIC_PARAMETERS: { name: string; sql: (bind: Bind, value: unknown) => string }[] = [
  { name: 'associationId', sql: (b, v) => `SELECT ${b(v)}::integer` },
  { name: 'associationCode', sql: (b, v) => `SELECT id FROM associations WHERE lower(code) = lower(${b(v)}::text)` },
  { name: 'accountNumber', sql: (b, v) => `SELECT association_id FROM accounts WHERE account_number = ${b(v)}::text` },
];

interface Source {
  from: From;
  name: string;
  sql: (bind: Bind, value: unknown) => string;
}

export interface Locator {
  /** The subquery answering the request's association id, or null when the request names none. */
  associationSql(request: FastifyRequest, caller: Caller, bind: Bind): string | null;
  /** The subquery answering the method kind the request names (card or bank), or null. */
  methodKindSql(request: FastifyRequest, bind: Bind): string | null;
}

function valueOf(request: FastifyRequest, from: From, name: string): unknown {
  const source = from === 'path' ? request.params : from === 'query' ? request.query : request.body;
  return source && typeof source === 'object' ? (source as Record<string, unknown>)[name] : undefined;
}

/** Where the operation's association and method kind come from; the first source the request fills wins. */
export function locatorFor(op: OperationDef): Locator {
  const sources: Source[] = [];
  for (const scope of op.policy.grants.flatMap((g) => g.scopes)) {
    const sql = ASSOCIATION_OF[scope.resource];
    if (sql && !sources.some((s) => s.from === scope.from && s.name === scope.name)) sources.push({ from: scope.from, name: scope.name, sql });
  }
  const bodyProperties = (op.body?.schema.properties ?? {}) as Record<string, unknown>;
  for (const p of PUBLIC_PARAMETERS) {
    if (op.parameters.some((q) => q.in !== 'header' && q.name === p.name)) sources.push({ from: op.parameters.find((q) => q.name === p.name)!.in as From, name: p.name, sql: p.sql });
    if (p.name in bodyProperties) sources.push({ from: 'body', name: p.name, sql: p.sql });
  }
  const paymentScope = op.policy.grants.flatMap((g) => g.scopes).find((s) => s.resource === 'payment');
  const methodScope = op.policy.grants.flatMap((g) => g.scopes).find((s) => s.resource === 'paymentMethod');
  return {
    associationSql(request, caller, bind) {
      for (const s of sources) {
        const value = valueOf(request, s.from, s.name);
        if (value !== undefined && value !== null && value !== '') return s.sql(bind, value);
      }
      if (caller.kind === 'guest') return `SELECT ${bind(caller.associationId)}::integer`;
      if (caller.kind === 'express') return ASSOCIATION_OF.subLedger!(bind, caller.subLedgerId);
      return null;
    },
    methodKindSql(request, bind) {
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
      for (const name of ['methodKind', 'kind']) {
        if (body[name] === 'card' || body[name] === 'bank') return `SELECT ${bind(body[name])}::text`;
      }
      if (methodScope) {
        const id = valueOf(request, methodScope.from, methodScope.name);
        if (id !== undefined && id !== null) return `SELECT kind FROM payment_methods WHERE id = ${bind(id)}::integer`;
      }
      if (paymentScope) {
        const id = valueOf(request, paymentScope.from, paymentScope.name);
        if (id !== undefined && id !== null) return `SELECT method_kind FROM payments WHERE id = ${bind(id)}::text`;
      }
      return null;
    },
  };
}
