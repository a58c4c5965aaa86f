import type { FlowModule } from '../engine/core/flow/types.ts';

// Signing a framed page in through a window of the portal's own. Inside another site's frame the
// browser keeps the portal's storage and cookies apart from its own pages', and identity providers
// refuse to be framed; a window of the portal's own is a first-party page, where the visitor may be
// signed in already, or signs in (password, code, single sign-on). That window asks the server for a
// code bound to a random nonce the frame chose, and hands the code to the frame; the frame redeems it
// for a session of its own. Two parts:
//
// - `embedSignInFlow` (flows/embed-sign-in.ts, the machine the sign-in page runs only when embedded):
//   the frame opens the window with its nonce, listens for the code and polls the server with the
//   nonce alone, since the window's opener policy may cut the link between the two;
// - `embedHandoffFlow` (here, flows/embed-handoff.machine.yaml, the page /auth/embed-handoff): the
//   window. The window's address and the message it posts are here too, as both sides need them; the
//   frame's side, which only pages under /embed run, imports them from here, never the other way, so
//   that this page carries none of the frame's code (nor the bridge to a host).
//
// In an app's web view a window does not open, and identity providers refuse web views as they
// refuse frames: the app is asked to open the same page in the system browser instead (`app=1`).
// There the page hands the code to the app through the company's app link (the setting
// `nativeAppReturnUrl`), the app hands it to its web view (the bridge's `handoff`), and meanwhile
// the web view polls with the nonce alone as a frame does.

/** The page of the portal's own that hands a sign-in over to a frame (routes.yaml `auth/embed-handoff`). */
export const HANDOFF_PATH = '/auth/embed-handoff';
/** The `type` of the message that window posts to the frame that opened it. */
export const HANDOFF_MESSAGE = 'embed-handoff';
/** A nonce as the server takes it: 43 to 128 base64url characters (the frame's 32 random bytes give 43). */
const NONCE = /^[A-Za-z0-9_-]{43,128}$/;
/** A hand-off code as the server gives it: the same shape. */
const CODE = NONCE;
/** An app link as the setting takes it (schemas/settings.schema.yaml `nativeAppReturnUrl`). */
const APP_LINK = /^[a-z][a-z0-9+.-]*:\/\/[^\s]+$/;
/** Schemes that run or show something in the page itself rather than leave it for an app. */
const NOT_APP_SCHEMES = new Set(['javascript', 'vbscript', 'data', 'blob', 'file', 'about', 'filesystem']);

/**
 * The window's address: top-level, never under the frame's mirror, so that it is a page of the
 * portal's own. `app`: opened by an app in the system browser, which takes the code back to the app.
 */
export function handoffWindowAddress(nonce: string, options: { sso?: boolean; company?: string | null; app?: boolean } = {}): string {
  const query = new URLSearchParams({ nonce });
  if (options.app) query.set('app', '1');
  if (options.sso) query.set('sso', '1');
  if (options.company) query.set('company', options.company);
  return `${HANDOFF_PATH}?${query.toString()}`;
}

/** True for a nonce the server would take. */
export function isHandoffNonce(value: unknown): value is string {
  return typeof value === 'string' && NONCE.test(value);
}

/** True for an address the app link setting takes, whose scheme leaves the page for an app (or a site). */
export function isAppLink(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 500 || !APP_LINK.test(value)) return false;
  return !NOT_APP_SCHEMES.has(value.slice(0, value.indexOf(':')));
}

/**
 * The app link with the code: `<link>?code=<code>` (`&` when the link has a query), before any
 * fragment. Null unless both are what the setting and the server give.
 */
export function appReturnAddress(link: unknown, code: unknown): string | null {
  if (!isAppLink(link) || typeof code !== 'string' || !CODE.test(code)) return null;
  const hashAt = link.indexOf('#');
  const base = hashAt < 0 ? link : link.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : link.slice(hashAt);
  const joiner = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${joiner}code=${encodeURIComponent(code)}${hash}`;
}

const statusOf = (error: unknown): number | undefined => (error as { status?: number } | null)?.status;

/** The window of the portal's own that opened this one, when it is reachable and is one of the portal's pages. */
function portalOpener(): Window | null {
  try {
    const opener = window.opener as Window | null;
    return opener && opener !== window && opener.location.origin === window.location.origin ? opener : null;
  } catch {
    return null; // another site's window: its address cannot be read
  }
}

/**
 * The window's side (/auth/embed-handoff?nonce=…[&app=1][&sso=1][&company=…]): signed in here, it
 * asks for a code for the frame's nonce and hands it over, then closes; with `app=1`, a page an app
 * opened in the system browser, it takes the code to the company's app link instead.
 */
export const embedHandoffFlow: FlowModule = {
  guards: {
    /** The address carries no nonce the server would take: not opened by a frame's sign-in. */
    noHandoffNonce: (_args, params) => !isHandoffNonce(params.nonce),
    /**
     * The frame that opened this window is one of the portal's pages (the link between the two was
     * kept): the visitor asked for this window there. Any other page could have opened it with a
     * nonce of its own choosing, so the visitor is asked first.
     */
    openedByPortal: () => portalOpener() !== null,
    /** Single sign-on was asked for, and the company whose provider to use is named. */
    wantsSso: (_args, params) => Boolean(params.sso) && typeof params.company === 'string' && params.company !== '',
    /** The server no longer accepts the sign-in of this window (401). */
    sessionRefused: ({ event }) => statusOf(event.error) === 401,
    /**
     * An app opened this page in the system browser (`app=1`): no page of the portal's own opened
     * it, so the visitor is always asked, and the code goes back through the app's link.
     */
    forApp: (_args, params) => params.app === '1',
    /** The company has an app link the setting takes (`params.link`, its nativeAppReturnUrl). */
    hasAppLink: (_args, params) => isAppLink(params.link),
  },
  assigns: {
    /** This page's own address with its nonce alone (and `app=1`): where a sign-in started here comes back to. */
    noteReturn: (_args, params) => ({
      returnTo: isHandoffNonce(params.nonce) ? handoffWindowAddress(params.nonce, { app: params.app === '1' }) : null,
    }),
  },
  effects: {
    /** Hands the code to the frame when the link to it was kept (it polls otherwise), then the window closes. */
    handOver: (_args, params) => {
      const code = params.code;
      if (typeof code !== 'string') return;
      const opener = portalOpener();
      // Addressed to this very origin: a frame of another site never receives it.
      if (opener) opener.postMessage({ type: HANDOFF_MESSAGE, code }, window.location.origin);
      window.close();
    },
    /** Only a window a page opened can close itself; otherwise the page says it may be closed. */
    closeWindow: () => { window.close(); },
    /**
     * Takes the code to the company's app link (`params.link`, the session's nativeAppReturnUrl,
     * never an address of this page's own query), which the app hands to its web view.
     */
    returnToApp: (_args, params) => {
      const address = appReturnAddress(params.link, params.code);
      if (address) window.location.assign(address);
    },
  },
};
