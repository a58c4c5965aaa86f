// The one way the engine reaches the browser's web storage. Reading `window.localStorage` or
// `window.sessionStorage` throws where the browser refuses storage (a page framed by another site
// whose third-party storage is blocked, a sandboxed frame); each caller decides what stands in.

export type WebStorageKind = 'local' | 'session';

/** The browser's storage of that kind; null on the server and where the browser refuses it. */
export function webStorage(kind: WebStorageKind): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}
