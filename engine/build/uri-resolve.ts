// The part of fast-uri that @rjsf/utils uses (`resolve(base, ref)`, RFC 3986 reference
// resolution), done by the platform's URL parser. See rjsf-substitutes-plugin.ts.

// A relative base (a schema `$id` such as "form.json") is resolved under this placeholder, which
// is taken off again, so relative stays relative.
const PLACEHOLDER = 'resolve://placeholder/';

function resolve(base: string, ref: string): string {
  try {
    return new URL(ref, base).href;
  } catch {
    // base is not an absolute URL
  }
  try {
    const resolved = new URL(ref, new URL(base, PLACEHOLDER)).href;
    return resolved.startsWith(PLACEHOLDER) ? resolved.slice(PLACEHOLDER.length) : resolved;
  } catch {
    return ref;
  }
}

export default { resolve };
