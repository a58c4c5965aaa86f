// The error codes of board membership in the console (docs/server.md, "Management console").
import { ApiError } from '../errors.ts';

export const boardMessages = {
  BRD001: 'This person is not on the board of this association.',
  BRD002: 'No such person: choose an owner of this association or a portal user of your company, or add someone new by name and e-mail.',
  BRD003: 'This person is already on the board.',
  BRD004: 'The board already has a chair. End their term as chair first: an association has at most one chair.',
  BRD005: 'This e-mail already signs in to the portal for another company or as management staff; use another address.',
} as const;

export type BoardCode = keyof typeof boardMessages;

const STATUS: Record<BoardCode, number> = { BRD001: 404, BRD002: 404, BRD003: 409, BRD004: 409, BRD005: 409 };

/** `detail` replaces the code's message where the answer can say more (the chair's name). */
export function boardError(code: BoardCode, detail?: string): ApiError {
  return new ApiError(STATUS[code], detail ?? boardMessages[code], { errorCode: code });
}
