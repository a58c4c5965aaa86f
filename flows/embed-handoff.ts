import type { FlowEnvironment, FlowModule } from '../engine/core/flow/types.ts';
import { apiCall, type ResponseOf } from './api.ts';

// Signing a framed page in through a window of the portal's own. Inside another site's frame the
// browser keeps the portal's storage and cookies apart from its own pages', and identity providers
// refuse to be framed; a window of the portal's own is a first-party page, where the visitor may be
// signed in already, or signs in (password, code, single sign-on). That window asks the server for a
// code bound to a random nonce the frame chose, and hands the code to the frame; the frame redeems it
// for a session of its own. Two parts:
//
// - `embedSignIn` (shared, used by the sign-in page's machine, flows/login.machine.yaml): the frame
//   opens the window with its nonce, listens for the code and polls the server with the nonce alone,
//   since the window's opener policy may cut the link between the two;
// - `embedHandoffFlow` (flows/embed-handoff.machine.yaml, the page /auth/embed-handoff): the window.

/** The page of the portal's own that hands a sign-in over to a frame (routes.yaml `auth/embed-handoff`). */
export const HANDOFF_PATH = '/auth/embed-handoff';
/** The `type` of the message that window posts to the frame that opened it. */
export const HANDOFF_MESSAGE = 'embed-handoff';
/** The window's name: asking again shows the same window at the new address rather than another one. */
const WINDOW_NAME = 'portal-embed-sign-in';
const WINDOW_FEATURES = 'popup,width=520,height=720';
/** A nonce as the server takes it: 43 to 128 base64url characters (32 random bytes give 43). */
const NONCE = /^[A-Za-z0-9_-]{43,128}$/;

type Session = Extract<ResponseOf<'redeemEmbedHandoff'>, { token: string }>;

/** Why the frame gave up waiting: the browser refused the window, time ran out, the server refused the hand-off, or the visitor chose otherwise. */
export type HandoffEnd = 'blocked' | 'expired' | 'refused' | 'abandoned';

export class HandoffFailure extends Error {
  readonly reason: HandoffEnd;
  constructor(reason: HandoffEnd) {
    super(`The sign-in window did not hand a sign-in over (${reason})`);
    this.reason = reason;
  }
}

/** 32 random bytes, base64url without padding (43 characters). */
export function newNonce(random: Pick<Crypto, 'getRandomValues'> = crypto): string {
  const bytes = random.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The window's address: top-level, never under the frame's mirror, so that it is a page of the portal's own. */
export function handoffWindowAddress(nonce: string, options: { sso?: boolean; company?: string | null } = {}): string {
  const query = new URLSearchParams({ nonce });
  if (options.sso) query.set('sso', '1');
  if (options.company) query.set('company', options.company);
  return `${HANDOFF_PATH}?${query.toString()}`;
}

/** True for a nonce the server would take. */
export function isHandoffNonce(value: unknown): value is string {
  return typeof value === 'string' && NONCE.test(value);
}

const statusOf = (error: unknown): number | undefined => (error as { status?: number } | null)?.status;

/** Refusals that no later try can turn around: a code or nonce used, wrong or expired, or a request the server cannot read. */
const isFinalRefusal = (error: unknown): boolean => [400, 401, 403, 404, 410].includes(statusOf(error) ?? 0);

/**
 * Ends the attempt under way in this page (the actor itself cannot be told): the visitor gave up,
 * which also closes its window, or asked again, which shows the same window at the new address.
 */
let ending: ((reason: HandoffEnd, closing: boolean) => void) | null = null;

interface WaitInput { sso?: unknown; company?: unknown; everyMs?: unknown; forMs?: unknown }

/**
 * Opens the portal's own window (while the click that asked for it still counts, so that the
 * browser lets it open) and waits for the sign-in it hands over: the code it posts, redeemed at once,
 * and meanwhile the nonce alone, every `everyMs` for at most `forMs`. One redeem at a time, so that a
 * refusal of one never overtakes the session another was answering.
 */
function awaitEmbedHandoff(input: WaitInput, env: FlowEnvironment): Promise<Session> {
  ending?.('abandoned', false);
  const nonce = newNonce();
  const company = typeof input.company === 'string' && input.company !== '' ? input.company : null;
  const opened = window.open(handoffWindowAddress(nonce, { sso: input.sso === true, company }), WINDOW_NAME, WINDOW_FEATURES);
  if (!opened) return Promise.reject(new HandoffFailure('blocked'));
  const everyMs = Number(input.everyMs ?? 1500);
  const deadline = env.now() + Number(input.forMs ?? 60_000);
  const redeem = apiCall(env);

  return new Promise<Session>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asking = false;
    let postedCode: string | null = null;
    let done = false;

    const finish = (outcome: { session: Session } | { reason: HandoffEnd }) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      if (ending === end) ending = null;
      if ('session' in outcome) resolve(outcome.session);
      else reject(new HandoffFailure(outcome.reason));
    };
    const end = (reason: HandoffEnd, closing: boolean) => {
      // A window left open after the frame gave up would hand its sign-in to no one.
      if (closing) closeQuietly(opened);
      finish({ reason });
    };

    const ask = () => {
      if (done || asking) return;
      if (env.now() >= deadline) { finish({ reason: 'expired' }); return; }
      const code = postedCode;
      postedCode = null;
      asking = true;
      redeem('redeemEmbedHandoff', { body: code ? { nonce, code } : { nonce }, suppressToast: true }).then(
        (answer) => {
          asking = false;
          if (answer && 'token' in answer && typeof answer.token === 'string') finish({ session: answer });
          else if (postedCode) ask();
        },
        (error: unknown) => {
          asking = false;
          // A network failure, a server error or too many asks: the next try may do.
          if (isFinalRefusal(error)) finish({ reason: 'refused' });
          else if (postedCode) ask();
        },
      );
    };

    const tick = () => {
      if (done) return;
      ask();
      timer = setTimeout(tick, everyMs);
    };

    // Only the portal's own window, at this very origin, speaks for the sign-in.
    function onMessage(event: MessageEvent) {
      const data = event.data as { type?: unknown; code?: unknown } | null;
      if (event.origin !== window.location.origin || !data || data.type !== HANDOFF_MESSAGE || typeof data.code !== 'string') return;
      postedCode = data.code;
      ask();
    }

    ending = end;
    window.addEventListener('message', onMessage);
    timer = setTimeout(tick, everyMs);
  });
}

function closeQuietly(target: Window): void {
  try { target.close(); } catch { /* already gone */ }
}

/**
 * The frame's side: the sign-in page opens the portal's own window and waits for its sign-in
 * (`awaitEmbedHandoff`, input `{ sso, company, everyMs, forMs }`, output the session).
 */
export const embedSignIn: FlowModule = {
  guards: {
    /** The browser did not let the window open (a popup blocker, a frame not allowed popups). */
    embedWindowBlocked: ({ event }) => (event.error as { reason?: unknown } | undefined)?.reason === 'blocked',
  },
  effects: {
    /** The visitor chose another way: the waiting stops and the window, if still open, closes. */
    abandonEmbedHandoff: () => { ending?.('abandoned', true); },
  },
  actors: {
    awaitEmbedHandoff: (input, env) => awaitEmbedHandoff(input, env),
  },
};

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
 * The window's side (/auth/embed-handoff?nonce=…[&sso=1][&company=…]): signed in here, it asks for a
 * code for the frame's nonce and hands it over, then closes.
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
  },
  assigns: {
    /** This page's own address with its nonce alone: where a sign-in started here comes back to. */
    noteReturn: (_args, params) => ({ returnTo: isHandoffNonce(params.nonce) ? handoffWindowAddress(params.nonce) : null }),
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
  },
};
