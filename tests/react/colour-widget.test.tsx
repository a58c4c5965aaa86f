// The engine's `colour` form widget (engine/react/forms/widgets.tsx) in the console's colour form:
// a colour typed as #rrggbb or chosen with the browser's picker beside it, both the one value.
import { resolve } from 'node:path';
import type { ReactNode } from 'react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { readFormFile } from '../../engine/build/form-files.ts';
import { TranslatorContext } from '../../engine/react/app/translation.ts';
import { createTranslator, type Translator } from '../../engine/react/app/translator.ts';
import { SchemaForm } from '../../engine/react/forms/index.ts';
import type { FormModule } from '../../engine/react/forms/types.ts';
import catalogue from '../../schemas/messages/en.json';
import { loadFormModule } from '../unit/support/form-module.ts';

let mod: FormModule;
let translator: Translator;

beforeAll(async () => {
  mod = await loadFormModule(readFormFile(resolve(import.meta.dirname, '../../schemas/forms/manage-setting-association-colour.yaml')));
  translator = createTranslator(catalogue);
});

afterEach(cleanup);

function Providers({ children }: { children: ReactNode }) {
  return (
    <TranslatorContext.Provider value={translator}>
      <ChakraProvider value={defaultSystem}>{children}</ChakraProvider>
    </TranslatorContext.Provider>
  );
}

const afterFrame = () => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0)));

function renderColour(initial: string) {
  const onSubmit = vi.fn();
  const onChange = vi.fn();
  render(<SchemaForm id="colour" form={mod.form} validator={mod.validator} conditions={mod.conditions} initialData={{ value: initial }} onSubmit={onSubmit} onChange={onChange} />, { wrapper: Providers });
  return { onSubmit, onChange, text: screen.getByLabelText(/^Value at this level/) as HTMLInputElement, picker: screen.getByLabelText('Pick the colour') as HTMLInputElement };
}

it('shows the colour typed in the picker once it is whole, and black before', async () => {
  const { text, picker } = renderColour('#1D4ED8');
  expect(text.value).toBe('#1D4ED8');
  expect(picker.type).toBe('color');
  expect(picker.value).toBe('#1d4ed8');
  await act(async () => {
    fireEvent.change(text, { target: { value: '#9a34' } });
    await afterFrame();
  });
  expect(picker.value).toBe('#000000');
  await act(async () => {
    fireEvent.change(text, { target: { value: '#9a3412' } });
    await afterFrame();
  });
  expect(picker.value).toBe('#9a3412');
});

it('a colour picked is the value, typed in the text too, and submitted', async () => {
  const { text, picker, onSubmit, onChange } = renderColour('');
  await act(async () => {
    fireEvent.change(picker, { target: { value: '#1B7042' } });
    await afterFrame();
  });
  expect(text.value).toBe('#1b7042');
  expect(onChange).toHaveBeenLastCalledWith({ value: '#1b7042' });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await afterFrame();
  });
  expect(onSubmit).toHaveBeenCalledWith({ value: '#1b7042' });
});
