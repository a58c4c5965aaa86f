// The texts failed answers are told in (app.yaml `failureMessages`, such as the texts of the API's
// error codes) are not part of a page's first load: the API client fetches them with the first
// failed answer, before anything reads that answer (engine/core/api/client.ts `beforeFailure`).
import type { Catalog } from '../../core/messages.ts';
import type { Translator } from './translator.ts';

/** Fetches the failure texts once, into the translator and into `catalog` (what the error rules look texts up in). */
export function failureTextsLoader(translator: Translator, catalog: Catalog): () => Promise<void> {
  let loading: Promise<void> | null = null;
  return () => {
    loading ??= import('virtual:engine-failure-messages').then(
      (module) => {
        Object.assign(catalog, module.default);
        translator.add(module.default);
      },
      (error: unknown) => {
        loading = null; // fetched again with the next failure
        throw error;
      },
    );
    return loading;
  };
}
