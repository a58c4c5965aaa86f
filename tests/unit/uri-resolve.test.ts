// The browser build resolves `$ref`s in form schemas with engine/build/uri-resolve.ts instead of
// fast-uri: both must give the same answers.
import fastUri from 'fast-uri';
import { describe, expect, it } from 'vitest';
import uriResolve from '../../engine/build/uri-resolve.ts';

const CASES: Array<[base: string, ref: string]> = [
  ['https://portal.test/schemas/form.json', '#/definitions/amount'],
  ['https://portal.test/schemas/form.json', 'common.json#/definitions/amount'],
  ['https://portal.test/schemas/forms/form.json', '../common.json'],
  ['https://portal.test/schemas/', 'form.json'],
  ['https://portal.test/schemas/form.json', 'https://other.test/x.json#/a'],
  ['form.json', '#/definitions/amount'],
  ['forms/form.json', 'common.json#/a'],
  ['forms/form.json', '../common.json'],
];

describe('uri-resolve', () => {
  it.each(CASES)('resolves %s + %s as fast-uri does', (base, ref) => {
    expect(uriResolve.resolve(base, ref)).toBe(fastUri.resolve(base, ref));
  });
});
