// The document search form (schemas/forms/documents-search.yaml) as the browser renders it: its box
// is optional (not marked required), and a search for nothing is handed on (the flow then stays on,
// or returns to, the folder).
import { resolve } from 'node:path';
import type { ReactNode } from 'react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TranslatorContext } from '../../engine/react/app/translation.ts';
import { createTranslator, type Translator } from '../../engine/react/app/translator.ts';
import { readFormFile } from '../../engine/build/form-files.ts';
import { SchemaForm } from '../../engine/react/forms/index.ts';
import type { FormModule } from '../../engine/react/forms/types.ts';
import messages from '../../schemas/messages/en.json';
import { loadFormModule } from '../unit/support/form-module.ts';

let mod: FormModule;
let translator: Translator;

beforeAll(async () => {
  mod = await loadFormModule(readFormFile(resolve(import.meta.dirname, '../../schemas/forms/documents-search.yaml')));
  translator = createTranslator(messages);
});

afterEach(cleanup);

function Providers({ children }: { children: ReactNode }) {
  return (
    <TranslatorContext.Provider value={translator}>
      <ChakraProvider value={defaultSystem}>{children}</ChakraProvider>
    </TranslatorContext.Provider>
  );
}

describe('the document search form', () => {
  it('has an optional box: not marked required, and an empty search is no error', () => {
    const onSubmit = vi.fn();
    render(<SchemaForm id="s" form={mod.form} validator={mod.validator} conditions={mod.conditions} onSubmit={onSubmit} />, { wrapper: Providers });
    const box = screen.getByLabelText('Search documents');
    expect(box.hasAttribute('required')).toBe(false);
    expect(box.getAttribute('aria-required')).not.toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(box.getAttribute('aria-invalid')).not.toBe('true');
  });
});
