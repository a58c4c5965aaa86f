// The error codes of messages, homeowner requests (the board's architectural review too) and the calendar, with the messages the portal
// shows (docs/server.md, "Messages and homeowner requests" and "Calendar").
import { ApiError } from '../errors.ts';

export const communityMessages = {
  MSG001: 'Message is required.',
  MSG002: 'Subject is required.',
  MSG404: 'Message thread not found',
  HRQ001: 'Subject is required.',
  HRQ002: 'This request is missing something its kind needs.',
  HRQ003: 'The reservation times are not valid.',
  HRQ004: "Choose one of the association's common areas.",
  HRQ005: 'That common area is already reserved at that time. Choose another time.',
  HRQ006: 'A request can have at most 10 attachments.',
  HRQ007: 'Attachment not found',
  HRQ404: 'Request not found',
  ARC001: 'This request was already decided; its votes are closed.',
  ARC002: 'You have no vote to retract.',
  ARC003: 'Enter the conditions of the approval.',
  CAL001: 'Enter the days as real dates (YYYY-MM-DD), the last one not before the first.',
  CAL002: 'The calendar shows at most 62 days at a time.',
  RSV001: 'This reservation was already decided.',
  RSV404: 'Reservation not found',
} as const;

export type CommunityCode = keyof typeof communityMessages;

const STATUS: Record<CommunityCode, number> = {
  MSG001: 400,
  MSG002: 400,
  MSG404: 404,
  HRQ001: 400,
  HRQ002: 400,
  HRQ003: 400,
  HRQ004: 400,
  HRQ005: 409,
  HRQ006: 409,
  HRQ007: 404,
  HRQ404: 404,
  ARC001: 409,
  ARC002: 409,
  ARC003: 400,
  CAL001: 400,
  CAL002: 400,
  RSV001: 409,
  RSV404: 404,
};

/** The code's error; `detail` replaces the standard message where a more precise one helps. */
export function communityError(code: CommunityCode, detail?: string): ApiError {
  return new ApiError(STATUS[code], detail ?? communityMessages[code], { errorCode: code });
}
