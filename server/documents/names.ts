// Folder and document names: 1-120 characters, no slash, backslash or control character, unique in
// their folder whatever the case (docs/server.md, "Document library").
/* eslint-disable no-control-regex -- refusing control characters in names is the point */
import { ApiError } from '../errors.ts';
import { documentError } from './errors.ts';

export const MAX_NAME_LENGTH = 120;
const FORBIDDEN = /[/\\\u0000-\u001f\u007f-\u009f]/;
/**
 * Characters that make a name read otherwise than it is: the invisible format characters (Unicode
 * category Cf: bidirectional controls U+202A..U+202E and U+2066..U+2069, zero-width U+200B..U+200F,
 * U+FEFF, soft hyphen...) and the line and paragraph separators. `invoice\u202efdp.txt` shows as
 * "invoicetxt.pdf".
 */
const DECEPTIVE = /[\p{Cf}\u2028\u2029]/u;

function refuseName(field: string, rule: string): never {
  throw new ApiError(400, `The field '${field}' ${rule}.`, { errorCode: 'VAL001', fields: { [field]: `Names ${rule}.` } });
}

/**
 * A typed name as stored (trimmed): 400 DOC005 when it is empty, too long or holds a slash or a
 * control character; 400 VAL001 naming `field` when it holds an invisible or direction-changing
 * character, or is or starts with a dot (".", "..", ".htaccess").
 */
export function checkName(raw: string, field = 'name'): string {
  const name = raw.trim();
  if (name === '') throw documentError('DOC005', 'Name is required.');
  if (name.length > MAX_NAME_LENGTH) throw documentError('DOC005', `Names can be at most ${MAX_NAME_LENGTH} characters.`);
  if (FORBIDDEN.test(name)) throw documentError('DOC005');
  // The raw name: trim() takes a U+FEFF at either end for a space.
  if (DECEPTIVE.test(raw)) refuseName(field, 'cannot contain invisible or text-direction characters');
  if (name.startsWith('.')) refuseName(field, 'cannot start with a dot');
  return name;
}

/** Splits "Budget 2026.pdf" into "Budget 2026" and ".pdf" (no extension: ''). */
export function splitExtension(name: string): { stem: string; extension: string } {
  const match = /^(.+?)(\.[A-Za-z0-9]{1,5})$/.exec(name);
  return match ? { stem: match[1], extension: match[2] } : { stem: name, extension: '' };
}

/** A name for an uploaded file from the name the browser sent: its last path segment, made valid. */
export function nameFromFilename(filename: string): string {
  const base = (filename.split(/[/\\]/).pop() ?? '').replace(new RegExp(DECEPTIVE.source, 'gu'), '');
  // No leading dots: such a name could never be typed back (checkName).
  const cleaned = base.replace(new RegExp(FORBIDDEN.source, 'g'), ' ').replace(/\s+/g, ' ').trim().replace(/^[.\s]+/, '');
  if (cleaned === '') return 'Document';
  if (cleaned.length <= MAX_NAME_LENGTH) return cleaned;
  const { stem, extension } = splitExtension(cleaned);
  return stem.slice(0, MAX_NAME_LENGTH - extension.length).trimEnd() + extension;
}

/** "<name> (copy)" for n = 1, "<name> (copy n)" after; the extension stays last and the whole fits 120. */
export function copyName(name: string, n: number): string {
  const { stem, extension } = splitExtension(name);
  const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`;
  return stem.slice(0, MAX_NAME_LENGTH - suffix.length - extension.length).trimEnd() + suffix + extension;
}
