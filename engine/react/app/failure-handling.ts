// What the portal does with a failed API answer (schemas/errors.yaml's rules, the code that applies
// them, and the texts only failures are told in: app.yaml `failureMessages`) is not part of a
// page's first load. It is fetched with the first failed answer, before anything reads that answer
// (the API client awaits `load`), or earlier, once the page has been idle a moment or the visitor
// first acts on it, so that losing the network later still gets its message.
import type { ErrorDecision, ErrorInput } from '../../core/errors.ts';
import type { Catalog } from '../../core/messages.ts';
import type { Translator } from './translator.ts';

export interface FailureHandling {
  /** Fetches the rules and texts once (again after a failed fetch). */
  load(): Promise<void>;
  /** The rules' decision for a failed answer; null while the rules are not there (their fetch failed). */
  decide(input: ErrorInput): ErrorDecision | null;
}

/** `catalog`: what the rules look texts up in; the failure texts join it and the translator. */
export function lazyFailureHandling(translator: Translator, catalog: Catalog): FailureHandling {
  let decide: ((input: ErrorInput) => ErrorDecision) | null = null;
  let loading: Promise<void> | null = null;
  return {
    load() {
      loading ??= Promise.all([import('virtual:engine-failure-handling'), import('../../core/errors.ts')]).then(
        ([handling, errors]) => {
          Object.assign(catalog, handling.messages);
          translator.add(handling.messages);
          decide = (input) => errors.decideErrorHandling(handling.rules as never, input, catalog);
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    decide: (input) => (decide ? decide(input) : null),
  };
}

const FIRST_ACTS = ['pointerdown', 'keydown', 'focusin'] as const;

/** Calls `fetch` once: when the browser has been idle a moment after the page loaded, or at the visitor's first act. */
export function fetchWhenSettled(fetch: () => unknown, idleMs = 3000): void {
  if (typeof window === 'undefined') return;
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    for (const type of FIRST_ACTS) window.removeEventListener(type, once, true);
    void Promise.resolve(fetch()).catch(() => undefined);
  };
  for (const type of FIRST_ACTS) window.addEventListener(type, once, { capture: true, passive: true });
  // (the page may be gone when the time comes: a test's document torn down, nothing to fetch for)
  const whenIdle = () =>
    setTimeout(() => {
      if (typeof window === 'undefined') return;
      if (window.requestIdleCallback) window.requestIdleCallback(once, { timeout: idleMs });
      else once();
    }, idleMs);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
