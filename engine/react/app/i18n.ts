import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Messages are flat keys such as `login.title`: dots are part of the key, not nesting. */
export function createI18n(messages: Record<string, string>): i18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: messages } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
