// Stands in for @rjsf/utils' getDecimalSeparator (see rjsf-substitutes-plugin.ts), which rjsf's
// NumberField calls on every render of every number field: the same answer (the decimal separator
// of the given languages, else the browser's), worked out once per list of languages instead of
// with a new Intl formatter each time (a millisecond or two each on a phone).
const known = new Map<string, string>();

export default function getDecimalSeparator(languages?: string | readonly string[]): string {
  const locales = languages || (typeof navigator !== 'undefined' ? navigator.languages : undefined);
  if (!locales) return '.';
  const key = typeof locales === 'string' ? locales : `[${locales.join(',')}]`;
  let separator = known.get(key);
  if (separator === undefined) {
    try {
      separator = new Intl.NumberFormat(locales as string | string[]).formatToParts(1.1).find((part) => part.type === 'decimal')?.value || '.';
    } catch {
      separator = '.';
    }
    known.set(key, separator);
  }
  return separator;
}
