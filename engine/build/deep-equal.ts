// The part of fast-equals that @rjsf/utils uses: its `deepEquals` (`createCustomEqual` with circular
// references tracked and any two functions equal), for the plain data, dates, maps and sets a form
// holds. See rjsf-substitutes-plugin.ts; tests/unit/deep-equal.test.ts holds it to fast-equals.

type Config = { createCustomConfig?: () => { areFunctionsEqual?: (a: unknown, b: unknown) => boolean } };
type Pairs = Map<object, object>;

const sameValue = (a: number | bigint, b: number | bigint) => (a === b ? a !== 0 || 1 / Number(a) === 1 / Number(b) : a !== a && b !== b);

// React elements point at their owner, which is not part of their value.
const isOwnerKey = (a: object, b: object, key: string) =>
  (key === '_owner' || key === '__o' || key === '__v') && Boolean((a as { $$typeof?: unknown }).$$typeof || (b as { $$typeof?: unknown }).$$typeof);

function createEqual(functionsEqual: (a: unknown, b: unknown) => boolean) {
  function objectsEqual(a: Record<string, unknown>, b: Record<string, unknown>, seen: Pairs): boolean {
    const keys = Object.keys(a);
    if (Object.keys(b).length !== keys.length) return false;
    return keys.every((key) => isOwnerKey(a, b, key)
      || (Object.prototype.propertyIsEnumerable.call(b, key) && equal(a[key], b[key], seen)));
  }

  function equal(a: unknown, b: unknown, seen: Pairs): boolean {
    if (a === b) return true;
    if (a == null || b == null || typeof a !== typeof b) return false;
    if (typeof a === 'number' || typeof a === 'bigint') return sameValue(a, b as number | bigint);
    if (typeof a === 'function') return functionsEqual(a, b);
    if (typeof a !== 'object') return false;
    const x = a as Record<string, unknown>;
    const y = b as Record<string, unknown>;
    if (x.constructor !== y.constructor) return false;
    // A pair already being compared further up counts as equal (circular references).
    if (seen.get(x) === y) return true;
    seen.set(x, y);
    try {
      if (Array.isArray(x)) return x.length === (y as unknown as unknown[]).length && x.every((item, i) => equal(item, (y as unknown as unknown[])[i], seen));
      if (x instanceof Date) return sameValue(x.getTime(), (y as unknown as Date).getTime());
      if (x instanceof RegExp) return x.source === (y as unknown as RegExp).source && x.flags === (y as unknown as RegExp).flags;
      if (x instanceof Map) {
        const other = y as unknown as Map<unknown, unknown>;
        if (x.size !== other.size) return false;
        const matched = new Set<unknown>();
        return [...x].every(([key, value]) => [...other].some(([otherKey, otherValue]) => !matched.has(otherKey)
          && equal(key, otherKey, seen) && equal(value, otherValue, seen) && Boolean(matched.add(otherKey))));
      }
      if (x instanceof Set) {
        const other = [...(y as unknown as Set<unknown>)];
        if (x.size !== other.length) return false;
        const matched = new Set<number>();
        return [...x].every((item) => other.some((candidate, i) => !matched.has(i) && equal(item, candidate, seen) && Boolean(matched.add(i))));
      }
      if (x.constructor === Object || x.constructor == null) return objectsEqual(x, y, seen);
      // Other kinds of object (promises, files, errors…) are equal only when they are the same one.
      return false;
    } finally {
      seen.delete(x);
    }
  }

  return (a: unknown, b: unknown) => equal(a, b, new Map());
}

export function createCustomEqual(config: Config = {}) {
  const custom = config.createCustomConfig?.() ?? {};
  return createEqual(custom.areFunctionsEqual ?? ((a, b) => a === b));
}
