// The browser build gives @rjsf/utils engine/build/deep-equal.ts instead of fast-equals (see
// rjsf-substitutes-plugin.ts): rjsf's deepEquals must answer the same with either.
import { deepEquals } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { createCustomEqual } from '../../engine/build/deep-equal.ts';

// Built exactly as @rjsf/utils/lib/deepEquals.js builds it from fast-equals.
const standIn = createCustomEqual({
  createCustomConfig: () => ({ areFunctionsEqual: (_a: unknown, b: unknown) => typeof b === 'function' }),
});

const circular = () => {
  const node: Record<string, unknown> = { name: 'a', list: [1, 2] };
  node.self = node;
  (node.list as unknown[]).push(node);
  return node;
};
const date = (iso: string) => new Date(iso);
const element = (owner: string) => ({ $$typeof: Symbol.for('react.element'), type: 'p', props: { a: 1 }, _owner: { owner } });
const file = new Blob(['x']);

const CASES: Array<[label: string, a: unknown, b: unknown]> = [
  ['same string', 'x', 'x'],
  ['other string', 'x', 'y'],
  ['number and string', 1, '1'],
  ['NaN', Number.NaN, Number.NaN],
  ['0 and -0', 0, -0],
  ['null and undefined', null, undefined],
  ['null and object', null, {}],
  ['empty objects', {}, {}],
  ['flat form data', { email: 'a@b.c', amount: 12.5, agree: true }, { agree: true, amount: 12.5, email: 'a@b.c' }],
  ['a field differs', { email: 'a@b.c', amount: 12.5 }, { email: 'a@b.c', amount: 12 }],
  ['a field is missing', { email: 'a@b.c', amount: undefined }, { email: 'a@b.c' }],
  ['an extra field', { email: 'a@b.c' }, { email: 'a@b.c', other: 1 }],
  ['nested schemas', { type: 'object', properties: { a: { type: 'string', enum: ['x', 'y'] } }, required: ['a'] },
    { type: 'object', properties: { a: { type: 'string', enum: ['x', 'y'] } }, required: ['a'] }],
  ['nested schemas differ', { properties: { a: { enum: ['x', 'y'] } } }, { properties: { a: { enum: ['y', 'x'] } } }],
  ['arrays', [1, { a: [2, 3] }], [1, { a: [2, 3] }]],
  ['arrays of other length', [1, 2], [1, 2, 3]],
  ['array and object', [1], { 0: 1 }],
  ['functions (any two are equal)', { onChange: () => 1 }, { onChange: () => 2 }],
  ['function and value', { onChange: () => 1 }, { onChange: 1 }],
  ['dates', date('2026-01-02T03:04:05Z'), date('2026-01-02T03:04:05Z')],
  ['other dates', date('2026-01-02T03:04:05Z'), date('2026-01-03T03:04:05Z')],
  ['invalid dates', date('nope'), date('nope')],
  ['regular expressions', /a+/g, /a+/g],
  ['other flags', /a+/g, /a+/i],
  ['maps', new Map<unknown, unknown>([['a', { x: 1 }], ['b', 2]]), new Map<unknown, unknown>([['b', 2], ['a', { x: 1 }]])],
  ['maps differ', new Map([['a', 1]]), new Map([['a', 2]])],
  ['sets', new Set([1, 'a', 3]), new Set([3, 1, 'a'])],
  ['sets of objects', new Set([{ a: 1 }, { b: 2 }]), new Set([{ b: 2 }, { a: 1 }])],
  ['sets differ', new Set([1, 2]), new Set([1, 3])],
  ['null prototype objects', Object.assign(Object.create(null) as object, { a: 1 }), Object.assign(Object.create(null) as object, { a: 1 })],
  ['plain and null prototype', { a: 1 }, Object.assign(Object.create(null) as object, { a: 1 })],
  ['React elements of other owners', element('one'), element('two')],
  ['circular structures', circular(), circular()],
  ['the same file', { upload: file }, { upload: file }],
  ['two files', { upload: new Blob(['x']) }, { upload: new Blob(['x']) }],
  ['class instances', new (class A { a = 1; })(), new (class A { a = 1; })()],
];

describe('deep-equal', () => {
  it.each(CASES)('%s: answers as fast-equals does', (_label, a, b) => {
    expect(standIn(a, b)).toBe(deepEquals(a, b));
    expect(standIn(b, a)).toBe(deepEquals(b, a));
  });

  it('tells equal form data from changed form data', () => {
    expect(standIn({ email: 'a@b.c', nested: { list: [1, 2] } }, { email: 'a@b.c', nested: { list: [1, 2] } })).toBe(true);
    expect(standIn({ email: 'a@b.c', nested: { list: [1, 2] } }, { email: 'a@b.c', nested: { list: [1, 3] } })).toBe(false);
  });
});
