// What the form tests share: a form file loaded as the build makes it (precompiled validator,
// conditions), and the providers it renders in (a message catalogue's texts, Chakra).
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll } from 'vitest';
import { readFormFile } from '../../../engine/build/form-files.ts';
import { TranslatorContext } from '../../../engine/react/app/translation.ts';
import { createTranslator, type Translator } from '../../../engine/react/app/translator.ts';
import type { FormModule } from '../../../engine/react/forms/types.ts';
import { loadFormModule } from '../../unit/support/form-module.ts';

export interface FormHarness {
  /** The loaded form (read in a test, after the suite's beforeAll). */
  readonly mod: FormModule;
  /** A `render` wrapper with the catalogue's texts and Chakra. */
  Providers(props: { children: ReactNode }): ReactNode;
}

/** Loads `formFile` before the suite's tests and cleans the document after each. */
export function formHarness(formFile: string, catalog: Record<string, string>): FormHarness {
  let mod: FormModule | null = null;
  let translator: Translator | null = null;
  beforeAll(async () => {
    mod = await loadFormModule(readFormFile(formFile));
    translator = createTranslator(catalog);
  });
  afterEach(cleanup);
  const loaded = <T,>(value: T | null): T => {
    if (value === null) throw new Error(`${formFile} is read before the suite has loaded it`);
    return value;
  };
  return {
    get mod() { return loaded(mod); },
    Providers({ children }) {
      return (
        <TranslatorContext.Provider value={loaded(translator)}>
          <ChakraProvider value={defaultSystem}>{children}</ChakraProvider>
        </TranslatorContext.Provider>
      );
    },
  };
}
