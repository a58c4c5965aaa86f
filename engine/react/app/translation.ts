import { createContext, useContext } from 'react';
import type { Translator } from './translator.ts';

export const TranslatorContext = createContext<Translator | null>(null);

/**
 * The texts of the app around the component; `t` keeps its identity for the life of the app (in
 * development mode, until the texts are saved again: engine/react/dev/hot-updates.ts).
 */
export function useTranslator(): Translator {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useTranslator needs a TranslatorContext provider above it');
  return translator;
}
