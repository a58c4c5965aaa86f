// MyCA keeps a conversation 30 days after its last question: the due work `myca.expiry` deletes
// older ones (their answers and feedback with them), by real time like the sessions it follows.
import type { Clock } from '../clock.ts';
import type { Services } from '../handlers/types.ts';
import { forgetOldConversations } from './conversations.ts';

export const MYCA_EXPIRY_DUE_WORK = 'myca.expiry';

/** Turns on the due work 'myca.expiry' on this app's job runner; the returned function turns it off. */
export function enableMycaExpiry(services: Pick<Services, 'jobs'>, realClock: Clock): () => Promise<void> {
  const unregister = services.jobs.register(MYCA_EXPIRY_DUE_WORK, async (_appNow, context) => forgetOldConversations(context.db, realClock()));
  return async () => unregister();
}
