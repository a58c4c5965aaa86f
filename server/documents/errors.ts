// The document library's error codes and messages (docs/server.md, "Document library").
import { ApiError } from '../errors.ts';

export const documentMessages = {
  DOC001: 'Document not found',
  DOC002: 'Folder not found',
  DOC003: "Managing documents needs the board's document permission (a board member or the management company).",
  DOC004: 'This name already exists, please enter a different name.',
  DOC005: 'Names cannot contain slashes or control characters.',
  DOC006: 'A folder cannot be moved into itself or one of its subfolders.',
  DOC007: 'A folder cannot be more open than the folder it is in.',
  DOC008: (limitMb: number) => `The file is larger than the ${limitMb} MB limit.`,
  DOC009: 'This type of file cannot be uploaded. Upload a PDF, PNG, JPEG, GIF, WebP, Word (.docx), Excel (.xlsx) or plain-text file.',
  DOC010: 'Choose a file to upload.',
  DOC011: 'Choose the folder to upload the document into.',
} as const;

const STATUS = {
  DOC001: 404,
  DOC002: 404,
  DOC003: 403,
  DOC004: 409,
  DOC005: 400,
  DOC006: 400,
  DOC007: 400,
  DOC008: 413,
  DOC009: 415,
  DOC010: 400,
  DOC011: 400,
} as const;

export type DocumentErrorCode = Exclude<keyof typeof documentMessages, 'DOC008'>;

export function documentError(code: DocumentErrorCode, detail?: string): ApiError {
  return new ApiError(STATUS[code], detail ?? documentMessages[code], { errorCode: code });
}

export function fileTooLarge(limitMb: number): ApiError {
  return new ApiError(STATUS.DOC008, documentMessages.DOC008(limitMb), { errorCode: 'DOC008' });
}
