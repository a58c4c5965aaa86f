// Pure parts of the form renderer: rules with their compiled conditions (chains, stripping) and
// message layering.
import { beforeAll, describe, expect, it } from 'vitest';

import { stripHidden } from '../../engine/react/forms/data-paths.ts';
import { errorMessage, fieldOrder, markFieldStates, renderUiSchema, translateUiSchema } from '../../engine/react/forms/messages.ts';
import { compiledRules, fieldStates, type CompiledRule } from '../../engine/react/forms/rules.ts';
import type { FormDoc } from '../../engine/react/forms/types.ts';
import { loadFormModule } from '../unit/support/form-module.ts';

const form: FormDoc = {
  id: 'chain',
  schema: {
    type: 'object',
    properties: {
      kind: { type: 'string', title: 'f.kind' },
      detail: { type: 'string', title: 'f.detail' },
      extra: { type: 'string' },
      box: { type: 'object', properties: { inner: { type: 'string', title: 'f.inner' } } },
      tags: { type: 'array', items: { type: 'string' } },
    },
  },
  ui: { 'ui:order': ['box', '*'], kind: { 'ui:help': 'f.kindHelp', 'ui:enumNames': ['f.a', 'f.b'] } },
  messages: { 'box.inner.minLength': 'm.inner' },
  rules: [
    { field: 'detail', effect: 'SHOW', condition: { required: ['kind'], properties: { kind: { enum: ['a', 'b'] } } } },
    { field: 'extra', effect: 'SHOW', condition: { required: ['detail'], properties: { detail: { minLength: 1 } } } },
    { field: 'box.inner', effect: 'ENABLE', condition: { required: ['tags'], properties: { tags: { minItems: 1 } } } },
  ],
};

let rules: CompiledRule[];
beforeAll(async () => {
  const mod = await loadFormModule(form);
  rules = compiledRules(form.id, form.rules, mod.conditions);
});

describe('rules', () => {
  it('settles chains: a hidden field does not show its dependants', () => {
    expect([...fieldStates(rules, { kind: 'a', detail: 'x' }).hidden]).toEqual([]);
    expect([...fieldStates(rules, { kind: 'z', detail: 'x' }).hidden].sort()).toEqual(['detail', 'extra']);
    expect([...fieldStates(rules, { kind: 'a', detail: '' }).hidden]).toEqual(['extra']);
    expect([...fieldStates(rules, {}).disabled]).toEqual(['box.inner']);
    expect([...fieldStates(rules, { tags: [] }).disabled]).toEqual(['box.inner']);
    expect([...fieldStates(rules, { tags: ['t'] }).disabled]).toEqual([]);
  });

  it('strips hidden values without touching the input', () => {
    const data = { kind: 'z', detail: 'x', extra: 'e', box: { inner: 'i' } };
    expect(stripHidden(data, fieldStates(rules, data).hidden)).toEqual({ kind: 'z', box: { inner: 'i' } });
    expect(stripHidden(data, ['box.inner'])).toEqual({ kind: 'z', detail: 'x', extra: 'e', box: {} });
    expect(data.box.inner).toBe('i'); // input untouched
  });

  it('refuses rules without their compiled conditions', () => {
    expect(() => compiledRules('chain', form.rules, [])).toThrow(/form "chain": its 3 rule\(s\) need as many compiled conditions, got 0/);
  });
});

describe('messages', () => {
  const catalog: Record<string, string> = { 'validation.required': 'R {{field}}', 'validation.default': 'D', 'm.inner': 'I {{limit}}' };
  const tr = {
    t: (key: string, o?: Record<string, unknown>) =>
      (catalog[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(o?.[k] ?? '')),
    exists: (key: string) => key in catalog,
  };

  it('layers: form key for the dotted path, then validation.<keyword>, then validation.default', () => {
    expect(errorMessage(form, { name: 'minLength', property: '.box.inner', params: { limit: 3 }, stack: '' }, tr)).toBe('I 3');
    expect(errorMessage(form, { name: 'required', property: 'kind', params: { missingProperty: 'kind' }, stack: '' }, tr)).toBe('R f.kind');
    expect(errorMessage(form, { name: 'pattern', property: '.detail', params: {}, stack: '' }, tr)).toBe('D');
  });

  it('translates labels into the uiSchema, marks hidden and disabled fields, orders fields', () => {
    const states = fieldStates(rules, { kind: 'z' });
    const ui = renderUiSchema(form.schema, form.ui, (k) => `T:${k}`, states);
    expect(ui.kind).toMatchObject({ 'ui:title': 'T:f.kind', 'ui:help': 'T:f.kindHelp', 'ui:enumNames': ['T:f.a', 'T:f.b'] });
    expect(ui.detail).toMatchObject({ 'ui:widget': 'hidden' });
    expect(ui.box).toMatchObject({ inner: { 'ui:title': 'T:f.inner', 'ui:disabled': true } });
    expect(fieldOrder(form.schema, form.ui)).toEqual(['box', 'box.inner', 'kind', 'detail', 'extra', 'tags']);
  });

  it('marks rule states keeping every node whose state did not change, and restores what a state overrode', () => {
    const translated = translateUiSchema(form.schema, { ...form.ui, detail: { 'ui:widget': 'textarea' } }, (k) => k);
    const shown = fieldStates(rules, { kind: 'a', detail: 'x', tags: ['t'] });
    const first = markFieldStates(translated, form.schema, shown);
    expect(first.detail).toBe(translated.detail); // no state: the translated node itself
    // Nothing changed: the same uiSchema.
    expect(markFieldStates(translated, form.schema, fieldStates(rules, { kind: 'b', detail: 'y', tags: ['t'] }), { states: shown, ui: first })).toBe(first);
    // `detail` and `extra` hide, `box.inner` is disabled: only their nodes and the parents on the way are new.
    const hidden = fieldStates(rules, { kind: 'z' });
    const second = markFieldStates(translated, form.schema, hidden, { states: shown, ui: first });
    expect(second).not.toBe(first);
    expect(second.kind).toBe(first.kind);
    expect(second.tags).toBe(first.tags);
    expect(second.detail).toMatchObject({ 'ui:widget': 'hidden' });
    expect(second.extra).toMatchObject({ 'ui:widget': 'hidden' });
    expect(second.box).toMatchObject({ inner: { 'ui:disabled': true } });
    // Shown again: the form's own widget comes back, and the result equals a uiSchema made from scratch.
    const third = markFieldStates(translated, form.schema, shown, { states: hidden, ui: second });
    expect(third.detail).toMatchObject({ 'ui:widget': 'textarea' });
    expect(third.box).toEqual(first.box);
    expect(third).toEqual(markFieldStates(translated, form.schema, shown));
  });
});
