// Text input never carries control characters: a NUL byte or an escape sequence in a path or query
// parameter, a header or a body string is refused with 400 VAL001 before anything reads it (a NUL
// reaching PostgreSQL would otherwise be a 500). Body strings may hold tab and line breaks (a
// message written on several lines); nothing else below U+0020, DEL or the C1 controls.
/* eslint-disable no-control-regex -- finding control characters is what this module is for */
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Header values may hold a tab (HTTP allows it); nothing else. */
const HEADER_CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/;
const MAX_DEPTH = 64;

export function controlCharacterDetail(where: string): string {
  return `${where} contains a control character, which is not allowed.`;
}

function refuse(where: string): never {
  throw new ApiError(400, controlCharacterDetail(where), { errorCode: 'VAL001' });
}

/**
 * For JSON a handler parses itself (a query parameter holding a JSON document): its strings are
 * checked as body strings are, named from `name` (e.g. filter.owner.filter).
 */
export function refuseControlCharactersIn(value: unknown, name: string): void {
  const found = findControlCharacter(value, name);
  if (found) refuse(`The field ${found}`);
}

function checkFlat(values: unknown, pattern: RegExp, what: string): void {
  if (!values || typeof values !== 'object') return;
  for (const [name, value] of Object.entries(values as Record<string, unknown>)) {
    if (pattern.test(name)) refuse(what);
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string' && pattern.test(item)) refuse(`The ${what} '${name}'`);
    }
  }
}

/** The path of the first string (or key) in a JSON value that holds a control character, or null. */
export function findControlCharacter(value: unknown, path = 'request body', depth = 0): string | null {
  if (typeof value === 'string') return CONTROL_BUT_LINE_BREAKS.test(value) ? path : null;
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControlCharacter(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (CONTROL_BUT_LINE_BREAKS.test(key)) return path;
    const found = findControlCharacter(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/** preValidation hook: runs on every route before validation, authorization and the handler. */
export async function refuseControlCharacters(request: FastifyRequest): Promise<void> {
  checkFlat(request.params, ANY_CONTROL, 'path parameter');
  checkFlat(request.query, ANY_CONTROL, 'query parameter');
  checkFlat(request.headers, HEADER_CONTROL, 'header');
  const found = findControlCharacter(request.body);
  if (found) refuse(`The field ${found}`);
}
