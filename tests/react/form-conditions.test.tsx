// Rule conditions in the rendered form: a field shown, hidden and disabled by its compiled JSON
// Schema condition, and a conditionally required field reported beside the field and in the summary.
import { resolve } from 'node:path';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { SchemaForm } from '../../engine/react/forms/index.ts';
import { formHarness } from './support/form-harness.tsx';
import catalog from '../fixtures/forms/catalog.en.json';

const form = formHarness(resolve(import.meta.dirname, '../fixtures/forms/conditions.yaml'), catalog);

function renderForm() {
  const onSubmit = vi.fn();
  render(<SchemaForm id="c" form={form.mod.form} validator={form.mod.validator} conditions={form.mod.conditions} onSubmit={onSubmit} />, { wrapper: form.Providers });
  return onSubmit;
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const errorOf = (input: HTMLElement) => {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('__error'));
  return ids.length ? document.getElementById(ids[0])?.textContent : undefined;
};

describe('rule conditions (JSON Schema, precompiled)', () => {
  it('shows and hides fields as the data changes, and a hidden field keeps no value', () => {
    const onSubmit = renderForm();
    // Nothing chosen: the address (SHOW for mail) and the phone (HIDE unless phone) are hidden.
    expect(screen.queryByLabelText('United States')).toBeNull();
    expect(screen.queryByLabelText('Phone')).toBeNull();

    fireEvent.click(screen.getByLabelText('By mail'));
    expect(screen.getByLabelText('United States')).toBeTruthy();
    expect(screen.queryByLabelText(/^postcode/i)).toBeNull(); // chained: no country yet
    fireEvent.click(screen.getByLabelText('Another country'));
    fireEvent.change(screen.getByLabelText(/^postcode/i), { target: { value: 'AB1' } });

    fireEvent.click(screen.getByLabelText('By phone'));
    expect(screen.queryByLabelText('United States')).toBeNull();
    expect(screen.queryByLabelText(/^postcode/i)).toBeNull();
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '555' } });
    save();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][0]).toEqual({ channel: 'phone', phone: '555' });

    // Back to mail: the address shows again, empty.
    fireEvent.click(screen.getByLabelText('By mail'));
    expect((screen.getByLabelText('Another country') as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByLabelText(/^postcode/i)).toBeNull();
    expect(screen.queryByLabelText('Phone')).toBeNull();
  });

  it('reports a conditionally required field beside it and in the summary, only while the condition holds', () => {
    const onSubmit = renderForm();
    fireEvent.click(screen.getByLabelText('By mail'));
    fireEvent.click(screen.getByLabelText('United States'));
    const postcode = screen.getByLabelText(/^postcode/i);
    expect(postcode.hasAttribute('required')).toBe(true);
    save();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(errorOf(postcode)).toBe('Error: Enter a postcode for a US address');
    const summary = screen.getByRole('alert');
    expect(within(summary).getAllByRole('link').map((l) => l.textContent)).toEqual(['Postcode: Enter a postcode for a US address']);

    // Another country: not required any more, the live error goes and the form submits.
    fireEvent.click(screen.getByLabelText('Another country'));
    expect(screen.getByLabelText(/^postcode/i).hasAttribute('required')).toBe(false);
    expect(errorOf(screen.getByLabelText(/^postcode/i))).toBeUndefined();
    save();
    expect(onSubmit).toHaveBeenCalledWith({ channel: 'mail', address: { country: 'other' } });
  });

  it('disables a field while its DISABLE condition holds', () => {
    renderForm();
    expect((screen.getByLabelText('Note') as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(screen.getByLabelText('Not at all'));
    expect((screen.getByLabelText('Note') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('By phone'));
    expect((screen.getByLabelText('Note') as HTMLInputElement).disabled).toBe(false);
  });
});
