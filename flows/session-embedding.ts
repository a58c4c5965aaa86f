// The session's part that only pages other sites frame need (under routes.yaml's mirror): fetched
// by flows/session.ts the first time such a page does one of these, so no other page carries it.
import type { FlowEnvironment } from '../engine/core/flow/types.ts';
import { announce } from '../engine/core/embed/signals.ts';
import { apiCall } from './api.ts';

/**
 * Asks the server to keep a sign-in of a framed page across reloads (a partitioned cookie only it
 * reads), then tells the session what it answered. A refusal is as good as `none`: the sign-in holds
 * for this page's life, and the sign-in page offers the portal's own window after a reload.
 */
export function startRenewal(env: FlowEnvironment, token: string, association: unknown): void {
  const body = typeof association === 'string' && association !== '' ? { association } : {};
  void apiCall(env)('startEmbeddedRenewal', { body, suppressToast: true })
    .then((answer) => answer.renewal, () => 'none' as const)
    .then((renewal) => { env.sendToSession({ type: 'EMBED_RENEWAL', renewal, token }); });
}

/** Tells the host of a framed page (engine/core/embed/signals.ts). */
export function announceToHost(type: 'signed-out' | 'sign-in-needed'): void {
  announce(type);
}
