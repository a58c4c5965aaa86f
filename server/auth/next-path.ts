// Where a sign-in goes next (handed over by a host, or through a company's identity provider): a
// path of the portal, never another site. A link carries it, so anyone can write one; a portal that
// signs the user in and then forwards them to a look-alike site would lend it its name (an open
// redirect). Such a `next` is refused, not replaced.

export const DEFAULT_NEXT = '/dashboard';

const BASE = 'https://portal.invalid';

/**
 * The path to go to after signing in (the default when none is given), or null when `next` is not
 * a path of this portal: it must start with one `/` (not `//` or `/\`, which browsers read as
 * another host), hold no backslash or control character, and resolve to the portal's own origin.
 * The answer is the resolved path, query and fragment (`/a/../billing` is `/billing`).
 */
export function checkedNextPath(next: string | undefined): string | null {
  if (next === undefined) return DEFAULT_NEXT;
  if (!next.startsWith('/') || next.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters and backslashes are exactly what is refused here
  if (/[\\\u0000-\u001f\u007f-\u009f]/.test(next)) return null;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
