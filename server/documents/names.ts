// Folder and document names: 1-120 characters, no slash, backslash or control character, unique in
// their folder whatever the case (docs/server.md, "Document library").
/* eslint-disable no-control-regex -- refusing control characters in names is the point */
import { documentError } from './errors.ts';

export const MAX_NAME_LENGTH = 120;
const FORBIDDEN = /[/\\\u0000-\u001f\u007f-\u009f]/;

/** The name as stored (trimmed); 400 DOC005 when it cannot be one. */
export function checkName(raw: string): string {
  const name = raw.trim();
  if (name === '') throw documentError('DOC005', 'Name is required.');
  if (name.length > MAX_NAME_LENGTH) throw documentError('DOC005', `Names can be at most ${MAX_NAME_LENGTH} characters.`);
  if (FORBIDDEN.test(name)) throw documentError('DOC005');
  return name;
}

/** Splits "Budget 2026.pdf" into "Budget 2026" and ".pdf" (no extension: ''). */
export function splitExtension(name: string): { stem: string; extension: string } {
  const match = /^(.+?)(\.[A-Za-z0-9]{1,5})$/.exec(name);
  return match ? { stem: match[1], extension: match[2] } : { stem: name, extension: '' };
}

/** A name for an uploaded file from the name the browser sent: its last path segment, made valid. */
export function nameFromFilename(filename: string): string {
  const base = filename.split(/[/\\]/).pop() ?? '';
  const cleaned = base.replace(new RegExp(FORBIDDEN.source, 'g'), ' ').replace(/\s+/g, ' ').trim();
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
