// What an uploaded file is, read from its bytes (file-type's magic numbers; DOCX and XLSX are told
// apart by the entries of their zip), never from its name. Text is UTF-8 without NUL bytes.
import { isUtf8 } from 'node:buffer';
import { fileTypeFromBuffer } from 'file-type';
import { splitExtension } from './names.ts';

export interface DetectedType {
  contentType: string;
  /** The usual extension, for the downloaded file's name. */
  extension: string;
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ALLOWED: Record<string, string> = {
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
  [DOCX]: '.docx',
  [XLSX]: '.xlsx',
};
export const TEXT_TYPE = 'text/plain; charset=utf-8';

/** Extensions of the allowed types, by the type they claim (a name claiming another type is a disguise). */
const CLAIMED: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.docx': DOCX,
  '.xlsx': XLSX,
  '.txt': TEXT_TYPE,
};

/** The allowed type of the content, or null when it is none of them. */
export async function detectType(bytes: Buffer): Promise<DetectedType | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (found) return ALLOWED[found.mime] ? { contentType: found.mime, extension: ALLOWED[found.mime] } : null;
  if (bytes.length > 0 && !bytes.includes(0) && isUtf8(bytes)) return { contentType: TEXT_TYPE, extension: '.txt' };
  return null;
}

/**
 * The type a file name claims by an extension of the allowed types ('.png'), when it is not the
 * detected one: such a file is disguised (a text named .png, a program named .pdf) and refused.
 */
export function claimedTypeMismatch(filename: string, detected: DetectedType): string | null {
  const { extension } = splitExtension(filename.split(/[/\\]/).pop() ?? '');
  const claimed = CLAIMED[extension.toLowerCase()];
  return claimed && claimed !== detected.contentType ? extension.toLowerCase() : null;
}

/** PDFs and images are shown in the page (inline); other types are always downloaded. */
export function previewable(contentType: string): boolean {
  return contentType === 'application/pdf' || contentType.startsWith('image/');
}

/** The extension a downloaded file of this type gets. */
export function extensionOf(contentType: string): string {
  return ALLOWED[contentType] ?? (contentType === TEXT_TYPE ? '.txt' : '');
}
