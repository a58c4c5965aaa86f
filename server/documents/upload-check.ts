// The checks an uploaded file passes before anything is written, shared by every operation that
// stores files (the document library, request attachments): the size limit while it is read (413
// DOC008), a file was sent (400 DOC010), its type read from its content (415 DOC009) and not
// disguised by its name (415 DOC009). docs/server.md, "Document library", "Uploads".
import { UploadTooLargeError, type Upload, type UploadedFile } from '../uploads/multipart.ts';
import { claimedTypeMismatch, detectType, type DetectedType } from './content-type.ts';
import { documentError, documentMessages, fileTooLarge } from './errors.ts';

/** Reads the multipart parts; a file over the limit is 413 DOC008 with the limit in MB. */
export async function readUploadParts(read: (() => Promise<Upload>) | undefined, operationId: string): Promise<Upload> {
  if (!read) throw new Error(`${operationId} is not a multipart operation`);
  try {
    return await read();
  } catch (error) {
    if (error instanceof UploadTooLargeError) throw fileTooLarge(error.limitMb);
    throw error;
  }
}

/** The file with its type read from its content; refused (nothing written yet) when it cannot be stored. */
export async function checkedFile(file: UploadedFile | null): Promise<{ file: UploadedFile; type: DetectedType }> {
  if (!file || file.bytes.length === 0) throw documentError('DOC010');
  const type = await detectType(file.bytes);
  if (!type) throw documentError('DOC009');
  const disguise = claimedTypeMismatch(file.filename, type);
  if (disguise) throw documentError('DOC009', `This file is not what its name says (${disguise}). ${documentMessages.DOC009}`);
  return { file, type };
}
