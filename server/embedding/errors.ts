// What the embedded portal's operations say when they refuse: one sentence each (docs/server.md,
// "Embedding"); the portal shows them as `errorCodes.EMB…` of schemas/messages/en.json.
import { ApiError } from '../errors.ts';

export const EMBEDDING_MESSAGES = {
  EMB001: 'There is no association with this code.',
  EMB002: 'Only the portal\'s own pages can renew a sign-in.',
  EMB003: 'Your sign-in on this page has ended. Please sign in again.',
  EMB004: 'Staying signed in on another website is not available in mimic mode.',
  EMB005: 'This sign-in window was already used. Close it and start again from the page.',
  EMB006: 'This sign-in was already handed over. Please sign in again.',
  EMB007: 'This sign-in took too long to hand over. Please sign in again.',
  EMB008: 'This sign-in could not be handed over. Please sign in again.',
} as const;

export type EmbeddingCode = keyof typeof EMBEDDING_MESSAGES;

const STATUS: Record<EmbeddingCode, number> = { EMB001: 404, EMB002: 403, EMB003: 401, EMB004: 403, EMB005: 409, EMB006: 410, EMB007: 410, EMB008: 401 };

export function embeddingError(code: EmbeddingCode, headers?: Record<string, string>): ApiError {
  return new ApiError(STATUS[code], EMBEDDING_MESSAGES[code], { errorCode: code, ...(headers ? { headers } : {}) });
}
