// An assign that sets a field to what it already holds, made afresh (a new `{}`, a list read again),
// keeps the value held: readers compare a context's fields by identity (same-fields.ts), so a field
// whose value did not change re-renders nothing that reads it.

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && [Object.prototype, null].includes(Object.getPrototypeOf(value) as object);

/** Whether two values hold the same plain data (objects, arrays, primitives); other objects only when they are one. */
export function samePlainData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => samePlainData(item, b[i]));
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && samePlainData(a[key], b[key]));
}

/** `update` with each field that holds what `held` holds already replaced by the value held. */
export function keepUnchanged(held: Record<string, unknown>, update: Record<string, unknown>): Record<string, unknown> {
  const kept = { ...update };
  for (const key in update) if (Object.hasOwn(held, key) && samePlainData(held[key], update[key])) kept[key] = held[key];
  return kept;
}
