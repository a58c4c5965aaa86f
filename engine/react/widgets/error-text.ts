import { useTranslator } from '../app/translation.ts';

/** Turns what a failed call said into text: the server's messages for the fields at fault, the catalogue's text for its error code, else the server's words. */
export function useErrorText(error: unknown): string | null {
  const { t, exists } = useTranslator();
  if (!error || typeof error !== 'object') return null;
  const { code, text, fields } = error as { code?: string; text?: string; fields?: string[] };
  if (fields && fields.length > 0) return fields.join(' ');
  if (code && exists(`errorCodes.${code}`)) return t(`errorCodes.${code}`);
  return text || t('errors.unexpected');
}
