// The error codes of the board's invoice decisions and to-do list (docs/server.md, "Board lists").
// The grid's own codes (GRD001..GRD003) are in grid-query.ts.
import { ApiError } from '../errors.ts';

export const boardMessages = {
  INV001: 'This invoice was already decided.',
  INV002: 'Say why the invoice is declined.',
  INV404: 'Invoice not found',
  TODO404: 'To-do item not found',
} as const;

export type BoardCode = keyof typeof boardMessages;

const STATUS: Record<BoardCode, number> = { INV001: 409, INV002: 400, INV404: 404, TODO404: 404 };

/** The code's error; `detail` replaces the standard message where a more precise one helps. */
export function boardError(code: BoardCode, detail?: string): ApiError {
  return new ApiError(STATUS[code], detail ?? boardMessages[code], { errorCode: code });
}
