// Pure parts of the form renderer: rules (chains, clearing, stripping) and message layering.
import { describe, expect, it } from 'vitest';

import { errorMessage, fieldOrder, renderUiSchema } from '../../engine/react/forms/messages.ts';
import { clearDependants, fieldStates, stripHidden } from '../../engine/react/forms/rules.ts';
import type { FormDoc } from '../../engine/react/forms/types.ts';

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
    { field: 'detail', show: { field: 'kind', in: ['a', 'b'] } },
    { field: 'extra', show: { field: 'detail', notEmpty: true } },
    { field: 'box.inner', enable: { field: 'tags', notEmpty: true } },
  ],
};

describe('rules', () => {
  it('settles chains: a hidden controller hides its dependants', () => {
    expect([...fieldStates(form, { kind: 'a', detail: 'x' }).hidden]).toEqual([]);
    expect([...fieldStates(form, { kind: 'z', detail: 'x' }).hidden].sort()).toEqual(['detail', 'extra']);
    expect([...fieldStates(form, {}).disabled]).toEqual(['box.inner']);
    expect([...fieldStates(form, { tags: ['t'] }).disabled]).toEqual([]);
  });

  it('clears dependants when the controller changes, and strips hidden values', () => {
    expect(clearDependants(form, { kind: 'a', detail: 'x' }, { kind: 'b', detail: 'x' })).toEqual({ kind: 'b' });
    expect(clearDependants(form, { kind: 'a', detail: 'x' }, { kind: 'a', detail: 'y' })).toEqual({ kind: 'a', detail: 'y' });
    const data = { kind: 'z', detail: 'x', extra: 'e', box: { inner: 'i' } };
    expect(stripHidden(data, fieldStates(form, data).hidden)).toEqual({ kind: 'z', box: { inner: 'i' } });
    expect(stripHidden(data, ['box.inner'])).toEqual({ kind: 'z', detail: 'x', extra: 'e', box: {} });
    expect(data.box.inner).toBe('i'); // input untouched
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
    const states = fieldStates(form, { kind: 'z' });
    const ui = renderUiSchema(form.schema, form.ui, (k) => `T:${k}`, states);
    expect(ui.kind).toMatchObject({ 'ui:title': 'T:f.kind', 'ui:help': 'T:f.kindHelp', 'ui:enumNames': ['T:f.a', 'T:f.b'] });
    expect(ui.detail).toMatchObject({ 'ui:widget': 'hidden' });
    expect(ui.box).toMatchObject({ inner: { 'ui:title': 'T:f.inner', 'ui:disabled': true } });
    expect(fieldOrder(form.schema, form.ui)).toEqual(['box', 'box.inner', 'kind', 'detail', 'extra', 'tags']);
  });
});
