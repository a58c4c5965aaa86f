// The document search form (schemas/forms/documents-search.yaml) as the browser renders it: its box
// is optional (not marked required), and a search for nothing is handed on (the flow then stays on,
// or returns to, the folder).
import { resolve } from 'node:path';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SchemaForm } from '../../engine/react/forms/index.ts';
import { formHarness } from './support/form-harness.tsx';
import messages from '../../schemas/messages/en.json';

const form = formHarness(resolve(import.meta.dirname, '../../schemas/forms/documents-search.yaml'), messages);

describe('the document search form', () => {
  it('has an optional box: not marked required, and an empty search is no error', () => {
    const onSubmit = vi.fn();
    render(<SchemaForm id="s" form={form.mod.form} validator={form.mod.validator} conditions={form.mod.conditions} onSubmit={onSubmit} />, { wrapper: form.Providers });
    const box = screen.getByLabelText('Search documents');
    expect(box.hasAttribute('required')).toBe(false);
    expect(box.getAttribute('aria-required')).not.toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(box.getAttribute('aria-invalid')).not.toBe('true');
  });
});
