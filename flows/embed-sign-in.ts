import { embedBridge } from '../engine/core/embed/host-link.ts';
import type { FlowEnvironment, FlowModule } from '../engine/core/flow/types.ts';
import { apiCall, type ResponseOf } from './api.ts';
import { HANDOFF_MESSAGE, handoffWindowAddress } from './embed-handoff.ts';

// The frame's side of signing a framed page in through a window of the portal's own (the window's
// side, and why, in flows/embed-handoff.ts): the machine flows/embed-sign-in.machine.yaml, which the
// sign-in page runs only when embedded, so that no other page fetches this code nor, through it, the
// bridge to a host. The frame opens the window with a nonce of its own, listens for the code the
// window posts and polls the server with the nonce alone, since the window's opener policy may cut
// the link between the two. In an app's web view the app opens the same page in the system browser
// instead (`app=1`), and hands the code it is given there back to its web view (the bridge's
// `handoff`); the web view polls meanwhile as a frame does.

/** The window's name: asking again shows the same window at the new address rather than another one. */
const WINDOW_NAME = 'portal-embed-sign-in';
const WINDOW_FEATURES = 'popup,width=520,height=720';

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

const statusOf = (error: unknown): number | undefined => (error as { status?: number } | null)?.status;

/** Refusals that no later try can turn around: a code or nonce used, wrong or expired, or a request the server cannot read. */
const isFinalRefusal = (error: unknown): boolean => [400, 401, 403, 404, 410].includes(statusOf(error) ?? 0);

interface WaitInput { sso?: unknown; company?: unknown; everyMs?: unknown; forMs?: unknown }

/**
 * Opens the portal's own window (while the click that asked for it still counts, so that the
 * browser lets it open), or in an app's web view has the app open it in the system browser, and
 * waits for the sign-in it hands over: the code it posts (or the app hands back), redeemed at once,
 * and meanwhile the nonce alone, every `everyMs` for at most `forMs`. One redeem at a time, so that a
 * refusal of one never overtakes the session another was answering.
 */
function awaitEmbedHandoff(input: WaitInput, env: FlowEnvironment, signal: AbortSignal): Promise<Session> {
  const nonce = newNonce();
  const company = typeof input.company === 'string' && input.company !== '' ? input.company : null;
  const viaApp = embedBridge.canOpenBrowser();
  const address = handoffWindowAddress(nonce, { sso: input.sso === true, company, app: viaApp });
  let opened: Window | null = null;
  if (viaApp) {
    if (!embedBridge.openInBrowser(new URL(address, window.location.origin).href)) return Promise.reject(new HandoffFailure('blocked'));
  } else {
    opened = window.open(address, WINDOW_NAME, WINDOW_FEATURES);
    if (!opened) return Promise.reject(new HandoffFailure('blocked'));
  }
  const everyMs = Number(input.everyMs ?? 1500);
  const deadline = env.now() + Number(input.forMs ?? 60_000);
  const redeem = apiCall(env);

  return new Promise<Session>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asking = false;
    let postedCode: string | null = null;
    let done = false;
    let stopHearingApp: () => void = () => {};

    const finish = (outcome: { session: Session } | { reason: HandoffEnd }) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      stopHearingApp();
      signal.removeEventListener('abort', onLeft);
      if ('session' in outcome) resolve(outcome.session);
      else reject(new HandoffFailure(outcome.reason));
    };
    const end = (reason: HandoffEnd, closing: boolean) => {
      if (done) return;
      // A window left open after the frame gave up would hand its sign-in to no one (the system
      // browser is the app's, not this page's, to close).
      if (closing && opened) closeQuietly(opened);
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

    const take = (code: string) => {
      postedCode = code;
      ask();
    };

    // Only the portal's own window, at this very origin, speaks for the sign-in.
    function onMessage(event: MessageEvent) {
      const data = event.data as { type?: unknown; code?: unknown } | null;
      if (event.origin !== window.location.origin || !data || data.type !== HANDOFF_MESSAGE || typeof data.code !== 'string') return;
      take(data.code);
    }

    // The visitor chose another way, or left the page: the waiting stops and the window, if still
    // open, closes, as it would hand its sign-in to no one.
    function onLeft() { end('abandoned', true); }
    if (signal.aborted) { onLeft(); return; }
    signal.addEventListener('abort', onLeft);
    window.addEventListener('message', onMessage);
    // The app, back from the system browser through its link, hands over the code it was given.
    if (viaApp) stopHearingApp = embedBridge.listen('handoff', ({ code }) => take(code));
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
export const embedSignInFlow: FlowModule = {
  guards: {
    /** The browser did not let the window open (a popup blocker, a frame not allowed popups), or the app did not take the request. */
    embedWindowBlocked: ({ event }) => (event.error as { reason?: unknown } | undefined)?.reason === 'blocked',
  },
  assigns: {
    /** Whether the sign-in about to start goes through the system browser (an app's web view) rather than a window: what the page then says. */
    noteSignInBrowser: () => ({ viaApp: embedBridge.canOpenBrowser() }),
  },
  actors: {
    awaitEmbedHandoff: (input, env, signal) => awaitEmbedHandoff(input, env, signal),
  },
};
