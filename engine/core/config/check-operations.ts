// Operation bindings of screens, forms and flows against the operations' OpenAPI definitions:
// every path, query and body key is one the operation declares, and nothing it requires is
// missing. Error rules name operations by operationId; those must exist too.
import { isObject, type CheckContext } from './context.ts';
import { findBindings, type OperationBinding } from './operation-bindings.ts';
import { contractPlace, objectShape, type OperationContract } from './operation-contracts.ts';
import type { SourceDoc } from './source.ts';

/** The query parameters a paged grid sends with every page. */
const PAGED_QUERY = ['startRow', 'endRow', 'sort', 'filter'];

export function checkOperationBindings(ctx: CheckContext, contracts: Map<string, OperationContract>): void {
  const docs: SourceDoc[] = [
    ...Object.values(ctx.project.collections.screens ?? {}),
    ...Object.values(ctx.project.collections.forms ?? {}),
    ...Object.values(ctx.project.flows),
  ];
  for (const doc of docs) {
    for (const binding of findBindings(doc)) {
      const contract = contracts.get(binding.operation);
      // An undeclared operation is reported by the reference checks.
      if (contract) checkBinding(ctx, binding, contract);
    }
  }
}

function checkBinding(ctx: CheckContext, binding: OperationBinding, contract: OperationContract): void {
  const { doc, node, at } = binding;
  const name = `operation ${contract.id}`;
  const place = contractPlace(contract);

  const part = (key: 'params' | 'query' | 'body'): Record<string, unknown> | undefined | null => {
    const value = node[key];
    if (value === undefined) return undefined;
    if (isObject(value)) return value;
    // A whole-value binding (`body: $context.draft`): its keys are only known at run time.
    if (typeof value === 'string' && value.startsWith('$')) return null;
    ctx.report(doc, [...at, key], `"${key}" must be a map of ${key === 'params' ? 'path parameters' : key === 'query' ? 'query parameters' : 'body properties'}`);
    return null;
  };

  const params = part('params');
  if (params) {
    for (const key of Object.keys(params)) {
      if (!contract.pathParams.includes(key)) {
        ctx.report(doc, [...at, 'params', key], `unknown path parameter "${key}" for ${name} (${describe(contract.pathParams)}; ${place})`);
      }
    }
  }
  if (params !== null) {
    for (const key of contract.pathParams) {
      if (!params || !(key in params)) {
        ctx.report(doc, params ? [...at, 'params'] : at, `missing required path parameter "${key}" of ${name} (${place})`);
      }
    }
  }

  const query = part('query');
  if (query) {
    for (const key of Object.keys(query)) {
      if (!contract.query.has(key)) {
        ctx.report(doc, [...at, 'query', key], `unknown query parameter "${key}" for ${name} (${describe([...contract.query.keys()])}; ${place})`);
      }
    }
  }
  // A widget reading a range (a calendar's shown month) fills the query parameters `range` names.
  const filled = new Set(isObject(node.range) ? Object.values(node.range).filter((v): v is string => typeof v === 'string') : []);
  for (const key of filled) {
    if (!contract.query.has(key)) ctx.report(doc, [...at, 'range'], `unknown query parameter "${key}" for ${name} (${describe([...contract.query.keys()])}; ${place})`);
  }
  // A paged grid sends the grid query parameters itself (docs/server.md, "Board lists").
  if (node.paged === true) {
    for (const key of PAGED_QUERY) {
      if (!contract.query.has(key)) ctx.report(doc, [...at, 'paged'], `a paged source sends "${key}", which ${name} does not declare (${place})`);
      filled.add(key);
    }
  }
  if (query !== null) {
    for (const [key, required] of contract.query) {
      if (required && !filled.has(key) && (!query || !(key in query))) {
        ctx.report(doc, query ? [...at, 'query'] : at, `missing required query parameter "${key}" of ${name} (${place})`);
      }
    }
  }

  const body = part('body');
  if (!contract.body) {
    if (node.body !== undefined) ctx.report(doc, [...at, 'body'], `${name} takes no request body (${place})`);
    return;
  }
  if (body === undefined) {
    if (contract.body.required) ctx.report(doc, at, `missing request body: ${name} requires one (${place})`);
    return;
  }
  if (body === null) return;
  const shape = objectShape(contract.body.schema, contract.resolve);
  if (!shape.open && shape.properties.size > 0) {
    for (const key of Object.keys(body)) {
      if (!shape.properties.has(key)) {
        ctx.report(doc, [...at, 'body', key], `unknown body property "${key}" for ${name} (${describe([...shape.properties.keys()])}; ${place})`);
      }
    }
  }
  for (const key of shape.required) {
    // A file of a multipart body (`format: binary`) is the one the user chooses, never bound.
    const file = isObject(shape.properties.get(key)) && (shape.properties.get(key) as Record<string, unknown>).format === 'binary';
    if (!(key in body) && !file) ctx.report(doc, [...at, 'body'], `missing required body property "${key}" of ${name} (${place})`);
  }
}

/** Error rules' `operations` / `exceptOperations` name operationIds declared in openapi/. */
export function checkErrorRuleOperations(ctx: CheckContext, contracts: Map<string, OperationContract>): void {
  const doc = ctx.project.schemas.errors;
  if (!doc || !isObject(doc.data) || !Array.isArray(doc.data.rules)) return;
  doc.data.rules.forEach((rule: unknown, i: number) => {
    if (!isObject(rule) || !isObject(rule.when)) return;
    for (const key of ['operations', 'exceptOperations']) {
      const list = rule.when[key];
      if (!Array.isArray(list)) continue;
      list.forEach((id: unknown, j: number) => {
        if (typeof id !== 'string' || contracts.has(id)) return;
        const hint = id.startsWith('/') ? ' (error rules name operations by operationId, not by path)' : '';
        ctx.report(doc, ['rules', i, 'when', key, j], `operation "${id}" is not declared in openapi/${hint}`);
      });
    }
  });
}

function describe(names: string[]): string {
  return names.length === 0 ? 'it declares none' : `declared: ${names.join(', ')}`;
}
