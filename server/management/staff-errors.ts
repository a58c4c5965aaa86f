// The error codes of the console's staff management (docs/server.md, "Management console").
import { ApiError } from '../errors.ts';

export const staffMessages = {
  STF001: 'This invitation is not valid any more: it was used, withdrawn or is more than 7 days old. Ask your administrator for a new one.',
  STF002: 'This e-mail already signs in to the portal for another purpose; invite another address.',
  STF003: 'Staff member not found',
  STF004: 'You cannot change your own role or deactivate yourself; another admin must.',
  STF005: 'This e-mail is already on the staff.',
} as const;

export type StaffCode = keyof typeof staffMessages;

const STATUS: Record<StaffCode, number> = { STF001: 410, STF002: 409, STF003: 404, STF004: 409, STF005: 409 };

export function staffError(code: StaffCode): ApiError {
  return new ApiError(STATUS[code], staffMessages[code], { errorCode: code });
}
