// Files attached to homeowner requests: their rows as the API shows them, and the bytes, kept in
// 256 KB chunk rows by the document library's code (server/documents/store.ts). Who may read or
// add them is x-policy's (server/authz/): these functions take a request id already in the
// caller's scope, so a later route (the board's review of architectural requests) can use them
// with its own policy.
import type { Readable } from 'node:stream';
import type { Queryable } from '../db/index.ts';
import type { DetectedType } from '../documents/content-type.ts';
import { previewable } from '../documents/content-type.ts';
import { chunkStream, writeChunks, type ChunkTable } from '../documents/store.ts';
import { communityError } from './errors.ts';

/** A request holds at most this many files (409 HRQ006 beyond). */
export const MAX_REQUEST_ATTACHMENTS = 10;

const ATTACHMENT_CHUNKS: ChunkTable = { table: 'homeowner_request_attachment_chunks', owner: 'attachment_id' };

export interface AttachmentRow {
  id: number;
  name: string;
  content_type: string;
  size_bytes: number;
  uploaded_at: Date | string;
  from_management: boolean;
}

export interface AttachmentView {
  id: number;
  name: string;
  contentType: string;
  size: number;
  uploadedAt: string;
  fromManagement: boolean;
  previewable: boolean;
}

const ATTACHMENT_SELECT = 'SELECT id, name, content_type, size_bytes, uploaded_at, from_management FROM homeowner_request_attachments';

export const attachmentView = (row: AttachmentRow): AttachmentView => ({
  id: Number(row.id),
  name: row.name,
  contentType: row.content_type,
  size: Number(row.size_bytes),
  uploadedAt: new Date(row.uploaded_at).toISOString(),
  fromManagement: row.from_management,
  previewable: previewable(row.content_type),
});

/** The request's attachments, oldest first. */
export async function attachmentsOf(db: Queryable, requestId: number): Promise<AttachmentRow[]> {
  const { rows } = await db.query<AttachmentRow>(`${ATTACHMENT_SELECT} WHERE request_id = $1 ORDER BY id`, [requestId]);
  return rows;
}

/** One attachment of the request; 404 HRQ007 when it is not one of this request's. */
export async function attachmentOf(db: Queryable, requestId: number, attachmentId: number): Promise<AttachmentRow> {
  const { rows } = await db.query<AttachmentRow>(`${ATTACHMENT_SELECT} WHERE id = $1 AND request_id = $2`, [attachmentId, requestId]);
  if (!rows[0]) throw communityError('HRQ007');
  return rows[0];
}

export async function attachmentCount(db: Queryable, requestId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM homeowner_request_attachments WHERE request_id = $1', [requestId]);
  return Number(rows[0].n);
}

export interface NewAttachment {
  name: string;
  type: DetectedType;
  bytes: Buffer;
  uploadedBy: number;
  fromManagement: boolean;
  at: Date;
}

/**
 * Stores a checked file on the request. The caller holds the request's row lock
 * (lockRequestHead), so the count cannot change between the check and the insert: an 11th file,
 * even sent at the same time as the 10th, is 409 HRQ006 and writes nothing.
 */
export async function addAttachment(tx: Queryable, requestId: number, file: NewAttachment): Promise<AttachmentRow> {
  if ((await attachmentCount(tx, requestId)) >= MAX_REQUEST_ATTACHMENTS) throw communityError('HRQ006');
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO homeowner_request_attachments (request_id, name, content_type, size_bytes, uploaded_by, uploaded_at, from_management)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [requestId, file.name, file.type.contentType, file.bytes.length, file.uploadedBy, file.at, file.fromManagement],
  );
  const id = Number(rows[0].id);
  await writeChunks(tx, id, file.bytes, ATTACHMENT_CHUNKS);
  return attachmentOf(tx, requestId, id);
}

/** The attachment's bytes, streamed a chunk row at a time. */
export function attachmentStream(db: Queryable, attachmentId: number): Readable {
  return chunkStream(db, attachmentId, ATTACHMENT_CHUNKS);
}
