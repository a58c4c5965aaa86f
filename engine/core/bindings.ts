// Resolves `$scope.path.to.value` strings inside configuration against a scope object.
// A binding alone yields the raw value (object, number...); `a ?? b` style fallbacks are lists.

export type BindingScope = Record<string, unknown>;

const BINDING = /^\$([A-Za-z_][\w]*)((?:\.[\w-]+)*)$/;

export function isBinding(value: unknown): value is string {
  return typeof value === 'string' && BINDING.test(value);
}

export function readPath(source: unknown, path: string[]): unknown {
  let current: unknown = source;
  for (const segment of path) {
    if (current === null || current === undefined || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

export function resolveBinding(expression: string, scope: BindingScope): unknown {
  const match = BINDING.exec(expression);
  if (!match) return expression;
  const [, root, rest] = match;
  const path = rest ? rest.slice(1).split('.') : [];
  return readPath(scope[root], path);
}

/** Deeply resolves every binding in a configuration value; other values are returned unchanged. */
export function resolveBindings<T = unknown>(value: unknown, scope: BindingScope): T {
  if (isBinding(value)) return resolveBinding(value, scope) as T;
  if (Array.isArray(value)) return value.map((item) => resolveBindings(item, scope)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = resolveBindings(item, scope);
    return out as T;
  }
  return value as T;
}
