// The new-request form (schemas/forms/new-request.yaml) as the browser renders it, with the
// portal's own messages: the board's 30-day review is said for an architectural request only.
import { resolve } from 'node:path';
import type { ReactNode } from 'react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
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
  mod = await loadFormModule(readFormFile(resolve(import.meta.dirname, '../../schemas/forms/new-request.yaml')));
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

const choices = {
  options: {
    types: [{ value: 'fence', label: 'Fence' }],
    areas: [{ value: 1, label: 'Clubhouse' }],
  },
};

describe('the new-request form', () => {
  it('says the board reviews it within 30 days for an architectural request only', () => {
    render(<SchemaForm id="r" form={mod.form} validator={mod.validator} conditions={mod.conditions} onSubmit={() => {}} formContext={choices} />, { wrapper: Providers });
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
});
