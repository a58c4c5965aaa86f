import { createContext, useContext } from 'react';
import type { Translator } from './translator.ts';

export const TranslatorContext = createContext<Translator | null>(null);

/** The texts of the app around the component; `t` keeps its identity for the life of the app. */
export function useTranslator(): Translator {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useTranslator needs a TranslatorContext provider above it');
  return translator;
}
