// The error codes of mimic mode (docs/server.md, "Mimic mode").
import { ApiError } from '../errors.ts';

export const mimicMessages = {
  MIM001: 'You are in mimic mode: you can see this account but not change anything in it.',
  MIM002: 'You do not have the mimic grant. Ask an admin of your company to give it to you.',
  MIM003: 'Mimic mode cannot be started from a mimic session.',
  MIM004: 'This mimic link is not valid any more. Start mimic mode again from the console.',
  MIM005: 'This is not a mimic session.',
  MIM006: 'The management console is not available in mimic mode.',
  MIM007: 'Give a reason of at least 10 characters.',
  MIM008: 'In mimic mode, payments, payment methods, recurring payments, auto-draft, the sign-in e-mail and password, votes and decisions are never changed: only the owner can do that.',
} as const;

export type MimicCode = keyof typeof mimicMessages;

const STATUS: Record<MimicCode, number> = { MIM001: 403, MIM002: 403, MIM003: 403, MIM004: 410, MIM005: 404, MIM006: 403, MIM007: 400, MIM008: 403 };

export function mimicError(code: MimicCode): ApiError {
  return new ApiError(STATUS[code], mimicMessages[code], { errorCode: code, ...(code === 'MIM007' ? { fields: { reason: mimicMessages[code] } } : {}) });
}
