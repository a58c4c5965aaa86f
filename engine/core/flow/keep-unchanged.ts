// An assign that sets a field to what it already holds, made afresh (a new `{}`, a list read again),
// keeps the value held: readers compare a context's fields by identity (same-fields.ts), so a field
// whose value did not change re-renders nothing that reads it.

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/** Whether two values hold the same plain data (objects, arrays, primitives); other objects only when they are one. */
export function samePlainData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => samePlainData(item, b[i]));
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && samePlainData(a[key], b[key]));
}

/** `update` with each field that holds what `held` holds already replaced by the value held. */
export function keepUnchanged(held: Record<string, unknown>, update: Record<string, unknown>): Record<string, unknown> {
  let kept = update;
  for (const [key, value] of Object.entries(update)) {
    if (!Object.hasOwn(held, key) || held[key] === value || !samePlainData(held[key], value)) continue;
    if (kept === update) kept = { ...update };
    kept[key] = held[key];
  }
  return kept;
}
