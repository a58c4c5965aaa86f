// Intl formatters are made the first time they format: the page's first one loads its locale's data
// (tens of milliseconds on a phone, in the task that evaluates the module that makes it), which a
// page that shows no date or amount should not pay while it starts.

/** `make()`'s value, made on the first call and the same on every later one. */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
