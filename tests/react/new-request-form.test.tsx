// The new-request form (schemas/forms/new-request.yaml) as the browser renders it, with the
// portal's own messages: the board's 30-day review is said for an architectural request only.
import { resolve } from 'node:path';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SchemaForm } from '../../engine/react/forms/index.ts';
import { formHarness } from './support/form-harness.tsx';
import messages from '../../schemas/messages/en.json';

const form = formHarness(resolve(import.meta.dirname, '../../schemas/forms/new-request.yaml'), messages);

const choices = {
  options: {
    kinds: ['general', 'architectural', 'reservation'].map((kind) => ({ value: kind, label: `requests.kind_${kind}` })),
    types: [{ value: 'fence', label: 'Fence' }],
    areas: [{ value: 1, label: 'Clubhouse' }],
  },
};

describe('the new-request form', () => {
  it('says the board reviews it within 30 days for an architectural request only', () => {
    render(<SchemaForm id="r" form={form.mod.form} validator={form.mod.validator} conditions={form.mod.conditions} onSubmit={() => {}} formContext={choices} />, { wrapper: form.Providers });
    const hint = /the board reviews it within 30 days/;
    expect(screen.getByLabelText('General request')).toBeTruthy();
    expect(screen.queryByText(hint)).toBeNull();
    fireEvent.click(screen.getByLabelText('Reservation request'));
    expect(screen.queryByText(hint)).toBeNull();
    fireEvent.click(screen.getByLabelText('Architectural (ARC) request'));
    expect(screen.getByText(hint)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('General request'));
    expect(screen.queryByText(hint)).toBeNull();
  });

  it('offers only the kinds the association has: no reservation where calendar reservations are off', () => {
    const without = { options: { ...choices.options, kinds: choices.options.kinds.filter((kind) => kind.value !== 'reservation') } };
    render(<SchemaForm id="r" form={form.mod.form} validator={form.mod.validator} conditions={form.mod.conditions} onSubmit={() => {}} formContext={without} />, { wrapper: form.Providers });
    expect(screen.getByLabelText('General request')).toBeTruthy();
    expect(screen.getByLabelText('Architectural (ARC) request')).toBeTruthy();
    expect(screen.queryByLabelText('Reservation request')).toBeNull();
  });
});
