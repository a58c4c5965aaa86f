// A form rendered ahead of time is inert until the page's code runs, then takes input. Its fields and
// its submit button read that state themselves (engine/react/forms/fields.tsx SchemaField, SchemaForm's
// SubmitButton) rather than through a prop of rjsf's Form, which would derive its whole state again.
import { resolve } from 'node:path';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { readFormFile } from '../../engine/build/form-files.ts';
import { InteractiveProvider } from '../../engine/react/app/interactive.tsx';
import { TranslatorContext } from '../../engine/react/app/translation.ts';
import { createTranslator, type Translator } from '../../engine/react/app/translator.ts';
import { SchemaForm } from '../../engine/react/forms/index.ts';
import type { FormData, FormModule } from '../../engine/react/forms/types.ts';
import catalog from '../fixtures/forms/catalog.en.json';
import { loadFormModule } from '../unit/support/form-module.ts';

let mod: FormModule;
let translator: Translator;

beforeAll(async () => {
  mod = await loadFormModule(readFormFile(resolve(import.meta.dirname, '../fixtures/forms/sample-signup.yaml')));
  translator = createTranslator(catalog);
});

afterEach(cleanup);

function Page({ adopting, onSubmit }: { adopting: boolean; onSubmit: (data: FormData) => void }): ReactNode {
  return (
    <TranslatorContext.Provider value={translator}>
      <ChakraProvider value={defaultSystem}>
        <InteractiveProvider adopting={adopting}>
          <SchemaForm id="signup" form={mod.form} validator={mod.validator} conditions={mod.conditions} onSubmit={onSubmit} />
        </InteractiveProvider>
      </ChakraProvider>
    </TranslatorContext.Provider>
  );
}

const textInputs = (root: ParentNode) => [...root.querySelectorAll<HTMLInputElement>('input[type="email"], input[type="password"], input[type="text"]')];

describe('a form rendered ahead of time', () => {
  it('arrives with read-only fields and a submit button that waits for the code', () => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(<Page adopting onSubmit={() => undefined} />);
    const inputs = textInputs(host);
    expect(inputs.length).toBeGreaterThanOrEqual(2);
    for (const input of inputs) expect(input.readOnly, `${input.id} is read-only`).toBe(true);
    const button = host.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(button.textContent).toBe('Create account');
    expect(button.disabled).toBe(true);
    expect(button.hasAttribute('data-awaiting-code')).toBe(true);
  });

  it('takes input once adopted: the fields lose read-only, the button works and submits what was typed', async () => {
    const onSubmit = vi.fn();
    const host = document.createElement('div');
    host.innerHTML = renderToString(<Page adopting onSubmit={onSubmit} />);
    document.body.append(host);
    await act(async () => {
      render(<Page adopting onSubmit={onSubmit} />, { container: host, hydrate: true });
    });
    for (const input of textInputs(host)) expect(input.readOnly, `${input.id} takes input`).toBe(false);
    const button = screen.getByRole('button', { name: 'Create account' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.hasAttribute('data-awaiting-code')).toBe(false);

    fireEvent.change(screen.getByLabelText(/email address/i), { target: { value: 'owner@example.com' } });
    fireEvent.change(screen.getByLabelText(/^password/i), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByLabelText('With a code'));
    fireEvent.change(await screen.findByLabelText(/^code/i), { target: { value: '123456' } });
    await act(async () => { fireEvent.click(button); });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ email: 'owner@example.com', password: 'secret1', method: 'code', code: '123456' });
  });

  it('is interactive at once where nothing was rendered ahead of time', () => {
    render(<Page adopting={false} onSubmit={() => undefined} />);
    for (const input of textInputs(document.body)) expect(input.readOnly).toBe(false);
    expect((screen.getByRole('button', { name: 'Create account' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
