// Whether the address of a content page (/custom/<key>, /public/custom/<key>?association=CODE, and
// their /embed mirrors) has a page, so that the server answers an unknown key 404 like any other
// address that is no page (the app then renders not-found). The page document carries no sign-in,
// so a signed-in address counts as a page when any association has one for the key (the app asks
// for the reader's own); a public address only when the named association shows a public page for it.
import type { Queryable } from '../db/index.ts';
import { pageForAssociation } from './store.ts';

const SIGNED_IN = /^(?:\/embed)?\/custom\/([^/]+)\/?$/;
const PUBLIC = /^(?:\/embed)?\/public\/custom\/([^/]+)\/?$/;
const KEY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

function keyOf(segment: string): string | null {
  try {
    const key = decodeURIComponent(segment);
    return KEY.test(key) ? key.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** null: not a content page's address; else whether it has a page. */
export async function contentPageExists(db: Queryable, pathname: string, search: string): Promise<boolean | null> {
  const signedIn = SIGNED_IN.exec(pathname);
  const open = signedIn ? null : PUBLIC.exec(pathname);
  if (!signedIn && !open) return null;
  const key = keyOf((signedIn ?? open)![1]);
  if (key === null) return false;
  if (signedIn) return (await db.query('SELECT 1 FROM custom_pages WHERE key = $1 LIMIT 1', [key])).rows.length > 0;
  const code = new URLSearchParams(search).get('association');
  if (!code) return false;
  const { rows } = await db.query<{ id: number }>('SELECT id FROM associations WHERE lower(code) = lower($1)', [code]);
  if (rows.length === 0) return false;
  const page = await pageForAssociation(db, Number(rows[0].id), key);
  return page !== null && page.public;
}
