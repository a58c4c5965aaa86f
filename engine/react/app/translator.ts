import rosetta from 'rosetta';
import { withEngineMessages } from '../../core/default-messages.ts';

/** Texts by key. Keys are flat, such as `login.title`: a dot is part of the key, not a level. */
export type Messages = Record<string, string>;

/** The portal's texts in one language: `{{name}}` in a text is filled from the values given. */
export interface Translator {
  readonly language: string;
  /** The text of `key` filled from `values`; the key itself when there is no such text, so that a gap shows. */
  t: (key: string, values?: Record<string, unknown>) => string;
  exists: (key: string) => boolean;
  /** Adds texts that arrive later, such as a screen's own with its chunk. */
  add: (messages: Messages) => void;
}

/** The engine's own texts (engine/core/default-messages.ts) stand under `messages`: a key the product leaves out shows the engine's text. */
export function createTranslator(messages: Messages, language = 'en'): Translator {
  const texts = rosetta<Messages>({ [language]: withEngineMessages(messages) });
  texts.locale(language);
  const exists = (key: string) => Object.hasOwn(texts.table(language) ?? {}, key);
  return {
    language,
    // The key goes in as a one-element path: rosetta would otherwise read its dots as levels.
    t: (key, values) => (exists(key) ? texts.t([key], values) : key),
    exists,
    add: (more) => texts.set(language, more),
  };
}
