// Which site shows this page in a frame, and whether it may: the parent's origin is trusted only
// when it is one the server lists for the page (the origins allowed to embed it). Messages then go
// to that origin alone, never to '*', and only its messages are read.

/** The window properties read: a real window, or a stand-in in tests. */
export interface FramedWindow {
  parent: unknown;
  location: { ancestorOrigins?: { length: number; [index: number]: string } };
  document: { referrer: string };
}

/** The origin of the page framing this one, as the browser tells it; null when not framed or unknown. */
export function parentOrigin(win: FramedWindow): string | null {
  if (win.parent === win) return null;
  // Chromium and WebKit say it outright; elsewhere the address the frame was loaded from says it
  // (a parent's Referrer-Policy may leave it out, and then the page is not embedded for this bridge).
  const ancestors = win.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return originOf(ancestors[0]);
  return win.document.referrer ? originOf(win.document.referrer) : null;
}

/** `candidate` when it is exactly one of `allowed` (scheme, host and port), else null. */
export function allowedOrigin(candidate: string | null, allowed: readonly unknown[]): string | null {
  if (!candidate) return null;
  return allowed.some((entry) => typeof entry === 'string' && originOf(entry) === candidate) ? candidate : null;
}

function originOf(address: string): string | null {
  try {
    const { origin, protocol } = new URL(address);
    return (protocol === 'https:' || protocol === 'http:') && origin !== 'null' ? origin : null;
  } catch {
    return null;
  }
}
