// Message catalog lookup (nested objects or dotted keys), validation-message keys and {{name}}
// interpolation. Framework-free.

export type Catalog = Record<string, unknown>;

/** A key is a dotted word path such as `login.title` or `errorCodes.PA037`. */
export const MESSAGE_KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_-]+)+$/;

export function isMessageKey(value: unknown): value is string {
  return typeof value === 'string' && MESSAGE_KEY.test(value);
}

/** The text for a key, whether the catalog stores `a.b.c` flat, nested, or mixed. */
export function getMessage(catalog: Catalog | undefined, key: string): string | undefined {
  if (!catalog) return undefined;
  const direct = catalog[key];
  if (typeof direct === 'string') return direct;
  const parts = key.split('.');
  for (let i = 1; i < parts.length; i++) {
    const head = catalog[parts.slice(0, i).join('.')];
    if (head && typeof head === 'object') {
      const found = getMessage(head as Catalog, parts.slice(i).join('.'));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

export function hasMessage(catalog: Catalog | undefined, key: string): boolean {
  return getMessage(catalog, key) !== undefined;
}

/** `amount`, `.amount`, `/address/zip`, `items[0].name` -> `amount`, `address.zip`, `items.0.name`. */
export function normalizeFieldPath(fieldPath: string): string {
  return fieldPath
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/\//g, '.')
    .replace(/^\.+/, '')
    .replace(/\.+/g, '.');
}

/**
 * The message key for a failed validation keyword on a field: the form's own
 * `<field>.<keyword>` entry, then `validation.<keyword>` when the catalog has it, then
 * `validation.default`. Array indexes in the field path are also tried without the index.
 */
export function resolveValidationMessageKey(
  formMessages: Record<string, string> | undefined,
  fieldPath: string,
  keyword: string,
  catalog: Catalog | undefined,
): string {
  const field = normalizeFieldPath(fieldPath);
  const candidates = [field, field.replace(/\.\d+(?=\.|$)/g, '')];
  for (const f of candidates) {
    const own = formMessages?.[f ? `${f}.${keyword}` : keyword];
    if (own) return own;
  }
  const general = `validation.${keyword}`;
  return hasMessage(catalog, general) ? general : 'validation.default';
}

/** Replaces `{{name}}` (and `{{ a.b }}`) with values; unknown names are left as written. */
export function interpolate(text: string, values: Record<string, unknown> = {}): string {
  return text.replace(/\{\{\s*([A-Za-z0-9_$.]+)\s*\}\}/g, (whole, name: string) => {
    let v: unknown = values;
    for (const part of name.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
    return v === undefined || v === null ? whole : String(v);
  });
}
