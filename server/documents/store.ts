// The document library's rows as the API shows them, and the queries the handlers share.
import { Readable } from 'node:stream';
import type { Queryable } from '../db/index.ts';
import type { components } from '../../generated/openapi/associations.ts';
import type { DocumentPermission } from '../authz/document-access.ts';
import { documentError } from './errors.ts';

export type FolderView = components['schemas']['DocumentFolder'];
export type DocumentView = components['schemas']['DocumentFile'];
export type FolderRef = components['schemas']['DocumentFolderRef'];

/** Bytes per row of document_chunks. */
export const CHUNK_BYTES = 256 * 1024;

export const FOLDER_SELECT = `SELECT f.id, f.name, COALESCE(f.parent_id, 0) AS parent_id, f.permission,
  (SELECT count(*) FROM documents d WHERE d.folder_id = f.id)::integer AS document_count
  FROM document_folders f`;

export const DOCUMENT_SELECT = `SELECT d.id, d.name, d.folder_id, d.content_type, d.size_bytes, d.uploaded_at, f.permission
  FROM documents d JOIN document_folders f ON f.id = d.folder_id`;

export interface FolderRow {
  id: number;
  name: string;
  parent_id: number;
  permission: DocumentPermission;
  document_count: number;
}

export interface DocumentRow {
  id: number;
  name: string;
  folder_id: number;
  content_type: string;
  size_bytes: number;
  uploaded_at: Date | string;
  permission: DocumentPermission;
}

export const folderView = (row: FolderRow): FolderView => ({
  id: row.id,
  name: row.name,
  parentId: row.parent_id,
  permission: row.permission,
  documentCount: row.document_count,
});

export const documentView = (row: DocumentRow): DocumentView => ({
  id: row.id,
  name: row.name,
  folderId: row.folder_id,
  contentType: row.content_type,
  sizeBytes: row.size_bytes,
  uploadedAt: new Date(row.uploaded_at).toISOString(),
  permission: row.permission,
});

/** Library writes of one association run one at a time: names, moves and permissions are checked against a tree that cannot change meanwhile. */
export async function lockLibrary(tx: Queryable, associationId: number): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('document_library'), $1::integer)`, [associationId]);
}

/** A folder of the association (any permission: managers see every folder); 404 DOC002 otherwise. */
export async function folderOf(db: Queryable, associationId: number, folderId: number): Promise<FolderRow> {
  const { rows } = await db.query<FolderRow>(`${FOLDER_SELECT} WHERE f.id = $1 AND f.association_id = $2`, [folderId, associationId]);
  if (!rows[0]) throw documentError('DOC002');
  return rows[0];
}

/** A document of the association; 404 DOC001 otherwise. */
export async function documentOf(db: Queryable, associationId: number, documentId: number): Promise<DocumentRow> {
  const { rows } = await db.query<DocumentRow>(`${DOCUMENT_SELECT} WHERE d.id = $1 AND d.association_id = $2`, [documentId, associationId]);
  if (!rows[0]) throw documentError('DOC001');
  return rows[0];
}

/** The folders from the root down to this one (included). */
export async function folderPath(db: Queryable, folderId: number): Promise<FolderRef[]> {
  const { rows } = await db.query<FolderRef & { depth: number }>(
    `WITH RECURSIVE up AS (
       SELECT id, name, parent_id, 0 AS depth FROM document_folders WHERE id = $1
       UNION ALL
       SELECT f.id, f.name, f.parent_id, up.depth + 1 FROM document_folders f JOIN up ON f.id = up.parent_id)
     SELECT id, name, depth FROM up ORDER BY depth DESC`,
    [folderId],
  );
  return rows.map(({ id, name }) => ({ id, name }));
}

/**
 * 409 DOC004 when a folder or a document in that folder (null: the root) already has the name,
 * whatever its case; `except` is the item being renamed or moved.
 */
export async function refuseTakenName(
  tx: Queryable,
  associationId: number,
  parentId: number | null,
  name: string,
  except: { folderId?: number; documentId?: number } = {},
): Promise<void> {
  const { rows } = await tx.query<{ taken: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM document_folders WHERE association_id = $1 AND parent_id IS NOT DISTINCT FROM $2::integer AND lower(name) = lower($3) AND id <> $4)
         OR EXISTS (SELECT 1 FROM documents WHERE folder_id = $2::integer AND lower(name) = lower($3) AND id <> $5) AS taken`,
    [associationId, parentId, name, except.folderId ?? 0, except.documentId ?? 0],
  );
  if (rows[0].taken) throw documentError('DOC004');
}

/**
 * Where a file's chunk rows live: the table and the column naming the file. Documents use
 * document_chunks; other stored files (request attachments) have a table of the same shape, so
 * each keeps a foreign key to its own file. Names are constants of the code, never input.
 */
export interface ChunkTable {
  table: string;
  owner: string;
}
export const DOCUMENT_CHUNKS: ChunkTable = { table: 'document_chunks', owner: 'document_id' };

/** Writes a file's bytes as chunk rows. */
export async function writeChunks(tx: Queryable, documentId: number, bytes: Buffer, into: ChunkTable = DOCUMENT_CHUNKS): Promise<void> {
  for (let seq = 0, at = 0; at < bytes.length || seq === 0; seq++, at += CHUNK_BYTES) {
    await tx.query(`INSERT INTO ${into.table} (${into.owner}, seq, data) VALUES ($1, $2, $3)`, [documentId, seq, bytes.subarray(at, at + CHUNK_BYTES)]);
  }
}

/** The file's bytes as a stream, one chunk row read at a time. */
export function chunkStream(db: Queryable, documentId: number, from: ChunkTable = DOCUMENT_CHUNKS): Readable {
  async function* chunks() {
    for (let seq = 0; ; seq++) {
      const { rows } = await db.query<{ data: Uint8Array }>(`SELECT data FROM ${from.table} WHERE ${from.owner} = $1 AND seq = $2`, [documentId, seq]);
      if (!rows[0]) return;
      yield Buffer.from(rows[0].data.buffer, rows[0].data.byteOffset, rows[0].data.byteLength);
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** A stored file's bytes whole (for re-reading its text; downloads stream with chunkStream instead). */
export async function readChunks(db: Queryable, documentId: number, from: ChunkTable = DOCUMENT_CHUNKS): Promise<Buffer> {
  const { rows } = await db.query<{ data: Uint8Array }>(`SELECT data FROM ${from.table} WHERE ${from.owner} = $1 ORDER BY seq`, [documentId]);
  return Buffer.concat(rows.map((row) => Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength)));
}
