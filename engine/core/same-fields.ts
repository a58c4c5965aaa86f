/**
 * Whether two records hold the same value (Object.is) in every field. A flow's action that assigns
 * what its context already holds still makes a new context object; compared this way, it re-renders
 * nothing that reads the context.
 */
export function sameFields(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  if (a === b) return true;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && Object.is(a[key], b[key]));
}
