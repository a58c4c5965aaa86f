// Rule conditions are JSON Schema compiled at build time: the form module exports one precompiled
// function per rule (no schema compiler, no `new Function` at run time), and the renderer's field
// states and REQUIRE errors come from calling them.
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

import { readFormFile } from '../../engine/build/form-files.ts';
import { conditionFields, conditionReads } from '../../engine/core/form-conditions.ts';
import { ruleErrors } from '../../engine/react/forms/rule-errors.ts';
import { compiledRules, fieldStates, ruleEvaluator, type CompiledRule } from '../../engine/react/forms/rules.ts';
import type { FormDoc } from '../../engine/react/forms/types.ts';
import { loadFormModule } from './support/form-module.ts';

const form: FormDoc = {
  id: 'conditions-unit',
  schema: {
    type: 'object',
    properties: {
      plan: { type: 'string', enum: ['basic', 'plus', 'team'] },
      seats: { type: 'integer' },
      email: { type: 'string' },
      invoice: { type: 'boolean' },
      vat: { type: 'string' },
      company: { type: 'object', properties: { name: { type: 'string' }, size: { type: 'integer' } } },
    },
  },
  rules: [
    // SHOW with enum
    { field: 'seats', effect: 'SHOW', condition: { required: ['plan'], properties: { plan: { enum: ['plus', 'team'] } } } },
    // HIDE with not and a format the form's ajv knows
    { field: 'invoice', effect: 'HIDE', condition: { not: { required: ['email'], properties: { email: { format: 'email' } } } } },
    // REQUIRE on a nested field, with a $ref inside the condition
    {
      field: 'vat',
      effect: 'REQUIRE',
      condition: {
        definitions: { big: { type: 'integer', minimum: 50 } },
        required: ['company'],
        properties: { company: { required: ['size'], properties: { size: { $ref: '#/definitions/big' } } } },
      },
    },
    // DISABLE while a boolean is true
    { field: 'company.name', effect: 'DISABLE', condition: { required: ['invoice'], properties: { invoice: { const: false } } } },
  ],
};

let rules: CompiledRule[];
let source: string;
beforeAll(async () => {
  const mod = await loadFormModule(form);
  source = mod.source;
  rules = compiledRules(form.id, form.rules, mod.conditions);
});

describe('compiled rule conditions', () => {
  it('are plain functions in the form module, one per rule, with nothing evaluated from strings', () => {
    expect(rules.map((r) => typeof r.holds)).toEqual(['function', 'function', 'function', 'function']);
    expect(source).toContain('export const conditions = [__engineValidators["engine-condition-0"], __engineValidators["engine-condition-1"], __engineValidators["engine-condition-2"], __engineValidators["engine-condition-3"]];');
    expect(source).not.toMatch(/new\s+Function|(^|[^.\w$])eval\s*\(|\brequire\s*\(/);
  });

  it('match the whole form data as JSON Schema does', () => {
    const [seats, invoice, vat] = rules.map((r) => r.holds);
    expect(seats({ plan: 'plus' })).toBe(true);
    expect(seats({ plan: 'basic' })).toBe(false);
    expect(seats({})).toBe(false); // `required` makes an absent value fail
    expect(invoice({ email: 'a@b.co' })).toBe(false);
    expect(invoice({ email: 'not an address' })).toBe(true);
    expect(vat({ company: { size: 50 } })).toBe(true);
    expect(vat({ company: { size: 49 } })).toBe(false);
    expect(vat({ company: {} })).toBe(false);
  });

  it('drive SHOW, HIDE, REQUIRE and DISABLE', () => {
    const states = fieldStates(rules, { plan: 'basic', email: 'nope', invoice: false, company: { size: 80 } });
    expect([...states.hidden].sort()).toEqual(['invoice', 'seats']);
    // the hidden `invoice` holds no value for the rules: company.name is not disabled by it
    expect([...states.disabled]).toEqual([]);
    expect([...states.required]).toEqual([['vat', true]]);

    const other = fieldStates(rules, { plan: 'team', email: 'a@b.co', invoice: false, company: { size: 3 } });
    expect([...other.hidden]).toEqual([]);
    expect([...other.disabled]).toEqual(['company.name']);
    expect([...other.required]).toEqual([['vat', false]]);
  });

  it('a REQUIRE rule that holds reports the empty field as required, as ajv would', () => {
    const data = { plan: 'basic', company: { size: 80 } };
    expect(ruleErrors(form, data, fieldStates(rules, data))).toEqual([
      { name: 'required', property: '.vat', params: { missingProperty: 'vat' }, message: '', stack: '' },
    ]);
    const filled = { ...data, vat: 'X1' };
    expect(ruleErrors(form, filled, fieldStates(rules, filled))).toEqual([]);
  });

  it('a digitChecksum check reports a number whose weighted digits miss the modulus, and leaves other lengths to the schema', () => {
    const routing: FormDoc = {
      id: 'routing',
      schema: { type: 'object', properties: { routing: { type: 'string' } } },
      checks: [{ type: 'digitChecksum', field: 'routing', weights: [3, 7, 1, 3, 7, 1, 3, 7, 1], modulus: 10 }],
    };
    const errorsFor = (value: string) => ruleErrors(routing, { routing: value }, fieldStates([], { routing: value }));
    expect(errorsFor('110000000')).toEqual([]);
    expect(errorsFor('011000015')).toEqual([]);
    expect(errorsFor('110000001')).toEqual([{ name: 'digitChecksum', property: '.routing', params: {}, message: '', stack: '' }]);
    expect(errorsFor('11000000')).toEqual([]);
    expect(errorsFor('')).toEqual([]);
  });
});

describe('ruleEvaluator', () => {
  /** The form's rules with each condition counting its calls. */
  const counted = () => {
    const calls = rules.map(() => 0);
    const list = rules.map((rule, i) => ({ ...rule, holds: (data: unknown) => { calls[i] += 1; return rule.holds(data); } }));
    return { calls, evaluate: ruleEvaluator(list) };
  };

  it('gives what fieldStates gives, for any sequence of data', () => {
    const { evaluate } = counted();
    const sequence = [
      {}, { plan: 'plus' }, { plan: 'plus', email: 'nope' }, { plan: 'plus', email: 'a@b.co', invoice: false },
      { plan: 'basic', email: 'a@b.co', invoice: false, company: { size: 80 } }, { plan: 'basic', company: { size: 3 } }, {},
    ];
    for (const data of sequence) {
      const got = evaluate(data);
      const want = fieldStates(rules, data);
      expect([[...got.hidden].sort(), [...got.disabled].sort(), [...got.required]]).toEqual([[...want.hidden].sort(), [...want.disabled].sort(), [...want.required]]);
    }
  });

  it('calls a condition again only when a field it reads changes, and keeps the states object while they are the same', () => {
    const { calls, evaluate } = counted();
    const first = evaluate({ plan: 'plus', email: 'a@b.co', seats: 1 });
    const before = [...calls];
    // `seats` is read by no condition: nothing is called, and the very same states come back.
    expect(evaluate({ plan: 'plus', email: 'a@b.co', seats: 2 })).toBe(first);
    expect(calls).toEqual(before);
    // `plan` is read by the SHOW rule of `seats` only.
    const second = evaluate({ plan: 'basic', email: 'a@b.co', seats: 2 });
    expect(calls.map((n, i) => n - before[i])).toEqual([1, 0, 0, 0]);
    expect(second).not.toBe(first);
    expect([...second.hidden]).toEqual(['seats']);
  });
});

describe('conditionReads', () => {
  it('lists the top-level fields a condition reads, through applicators and nested properties', () => {
    expect(conditionReads({ required: ['a'], properties: { box: { properties: { inner: { const: 1 } } } } })?.sort()).toEqual(['a', 'box']);
    expect(conditionReads({ anyOf: [{ properties: { b: { const: 1 } } }, { not: { required: ['c'] } }], dependencies: { d: ['e'] } })?.sort())
      .toEqual(['b', 'c', 'd', 'e']);
    expect(conditionReads({ definitions: { big: { minimum: 50 } }, properties: { n: { $ref: '#/definitions/big' } } })).toEqual(['n']);
    expect(conditionReads({})).toEqual([]);
  });

  it('is null for a condition that may read any field', () => {
    expect(conditionReads({ minProperties: 2 })).toBeNull();
    expect(conditionReads({ not: { additionalProperties: false, properties: { a: {} } } })).toBeNull();
    expect(conditionReads({ allOf: [{ $ref: '#/definitions/x' }], definitions: { x: { required: ['a'] } } })).toBeNull();
  });
});

describe("the project's converted forms", () => {
  const load = async (id: string) => {
    const doc = readFormFile(resolve(import.meta.dirname, `../../schemas/forms/${id}.yaml`));
    const mod = await loadFormModule(doc);
    return (data: Record<string, unknown>) => fieldStates(compiledRules(doc.id, doc.rules, mod.conditions), data);
  };

  it('billing-payment: a date for a later payment; saving a new method only when paying today', async () => {
    const states = await load('billing-payment');
    expect([...states({ when: 'today', paymentType: 'new:card' }).hidden]).toEqual(['scheduledDate']);
    expect([...states({ when: 'later', paymentType: 'new:card' }).hidden]).toEqual(['saveMethod']);
    expect([...states({ when: 'today', paymentType: 'saved:12' }).hidden].sort()).toEqual(['saveMethod', 'scheduledDate']);
    expect([...states({ when: 'today' }).hidden].sort()).toEqual(['saveMethod', 'scheduledDate']);
    expect([...states({ paymentType: 'new:bank' }).hidden]).toEqual(['scheduledDate']);
  });

  it('create-account: account number and ZIP, or a registration key', async () => {
    const states = await load('create-account');
    expect([...states({ method: 'accountNumber' }).hidden]).toEqual(['registrationKey']);
    expect([...states({ method: 'registrationKey' }).hidden].sort()).toEqual(['accountNumber', 'zip']);
  });
});

describe('conditionFields', () => {
  const schema = {
    type: 'object',
    properties: {
      a: { type: 'string' },
      box: { type: 'object', properties: { inner: { type: 'string' } } },
      list: { type: 'array', items: { type: 'object', properties: { x: { type: 'string' } } } },
    },
    allOf: [{ if: { required: ['a'] }, then: { properties: { extra: { type: 'string' } } } }],
  };

  it('names every field a condition reads, where it reads it, and whether the form has it', () => {
    const condition = {
      required: ['a', 'nope'],
      properties: { box: { properties: { inner: { const: 1 }, outer: {} } }, list: { items: { required: ['x', 'y'] } } },
      anyOf: [{ properties: { extra: { const: 'e' } } }, { not: { required: ['gone'] } }],
      dependencies: { a: ['box'] },
    };
    const found = conditionFields(condition, schema).map((f) => `${f.at.join('.')} ${f.field} ${f.known ? 'known' : 'unknown'}`);
    expect(found.sort()).toEqual([
      'anyOf.0.properties.extra extra known',
      'anyOf.1.not.required.0 gone unknown',
      'dependencies.a a known',
      'dependencies.a.0 box known',
      'properties.box box known',
      'properties.box.properties.inner box.inner known',
      'properties.box.properties.outer box.outer unknown',
      'properties.list list known',
      'properties.list.items.required.0 list[].x known',
      'properties.list.items.required.1 list[].y unknown',
      'required.0 a known',
      'required.1 nope unknown',
    ]);
  });

  it('reports an unknown field once, not every name below it', () => {
    expect(conditionFields({ properties: { ghost: { properties: { deeper: {} } } } }, schema)).toEqual([
      { at: ['properties', 'ghost'], field: 'ghost', known: false },
    ]);
  });
});
