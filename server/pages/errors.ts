// The error codes of the company's content pages (docs/server.md, "Content pages").
import { ApiError } from '../errors.ts';

export const pageMessages = {
  CPG001: 'Links and images may only go to http, https or mailto addresses.',
  CPG002: 'A page with this key already exists at this level; choose another key or edit that page.',
  CPG404: 'Page not found',
} as const;

export type PageCode = keyof typeof pageMessages;

const STATUS: Record<PageCode, number> = { CPG001: 400, CPG002: 409, CPG404: 404 };

export function pageError(code: PageCode, detail?: string, fields?: Record<string, string>): ApiError {
  return new ApiError(STATUS[code], detail ?? pageMessages[code], { errorCode: code, ...(fields ? { fields } : {}) });
}
