// Uploads (operations whose request body is multipart/form-data, e.g. uploadDocument): the one place
// a request body larger than BODY_LIMIT is read. The multipart parser is registered only around those
// routes (operation-routes.ts), so every other operation still takes JSON alone. The handler reads
// the parts itself, after authorization: nothing is read from a caller who may not upload.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { ApiError } from '../errors.ts';

export const DEFAULT_MAX_UPLOAD_MB = 25;
const MB = 1024 * 1024;

export interface UploadedFile {
  /** The name the browser sent (never trusted for the type). */
  filename: string;
  bytes: Buffer;
}

export interface Upload {
  /** The text parts, by name (the last one wins). */
  fields: Record<string, string>;
  /** The part named `file`; null when none was sent. */
  file: UploadedFile | null;
}

/** The file is larger than the limit; the operation words the refusal (e.g. 413 DOC008). */
export class UploadTooLargeError extends Error {
  readonly limitMb: number;
  constructor(limitMb: number) {
    super(`upload over ${limitMb} MB`);
    this.limitMb = limitMb;
  }
}

const malformed = (detail: string) => new ApiError(400, detail, { errorCode: 'REQ001' });

export async function registerMultipart(scope: FastifyInstance, maxUploadMb: number): Promise<void> {
  await scope.register(multipart, {
    // One byte over the limit is enough to know the file is too large.
    limits: { fileSize: maxUploadMb * MB + 1, files: 1, fields: 10, fieldSize: 4096, parts: 12, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
}

/**
 * Reads the whole multipart body: the text parts and at most one file part named `file`, which is
 * kept in memory (at most maxUploadMb). Holding it lets the type be checked on the whole content and
 * the rows be written in one short transaction, instead of keeping a database connection busy for
 * as long as a slow client takes to send it.
 */
export async function readUpload(request: FastifyRequest, maxUploadMb: number): Promise<Upload> {
  if (!request.isMultipart()) throw new ApiError(415, 'Send the file as multipart/form-data.', { errorCode: 'REQ003' });
  const limit = maxUploadMb * MB;
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        throw malformed('Send one file, in the part named "file".');
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > limit) throw new UploadTooLargeError(maxUploadMb);
        chunks.push(chunk);
      }
      if (part.file.truncated) throw new UploadTooLargeError(maxUploadMb);
      file = { filename: part.filename ?? '', bytes: Buffer.concat(chunks, size) };
    }
  } catch (error) {
    if (error instanceof UploadTooLargeError || error instanceof ApiError) throw error;
    // The client went away mid-upload (closed the page, lost the network): expected, and no one is
    // left to answer.
    if (request.raw.aborted || request.raw.socket?.destroyed) {
      request.log.info({ code: (error as { code?: string }).code }, 'upload aborted by the client');
      throw new ApiError(400, 'The upload ended before the whole file arrived.', { errorCode: 'REQ001' });
    }
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new UploadTooLargeError(maxUploadMb);
    if (typeof code === 'string' && code.startsWith('FST_')) throw malformed('The upload is not a valid multipart/form-data body.');
    if (error instanceof Error && /multipart|boundary|unexpected end/i.test(error.message)) throw malformed('The upload is not a valid multipart/form-data body.');
    throw error;
  }
  return { fields, file };
}
