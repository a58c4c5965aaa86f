// The error codes of messages and homeowner requests, with the messages the portal shows
// (docs/server.md, "Messages and homeowner requests").
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
  HRQ404: 'Request not found',
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
  HRQ404: 404,
};

/** The code's error; `detail` replaces the standard message where a more precise one helps. */
export function communityError(code: CommunityCode, detail?: string): ApiError {
  return new ApiError(STATUS[code], detail ?? communityMessages[code], { errorCode: code });
}
