// Made statements wait in statement_files until the browser downloads them by a plain link
// (server/statements/download-route.ts). The id is the only key: 32 random bytes, so holding the
// link is what lets one download the file. Files live 10 minutes by the app clock; making a
// statement also clears the caller's expired ones, so a user keeps at most the files of the last
// 10 minutes.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/index.ts';

export const STATEMENT_FILE_LIFETIME_MS = 10 * 60 * 1000;
export const STATEMENT_DOWNLOAD_PATH = '/api/payments/Ledger/Export';

export type StatementMediaType = 'application/pdf' | 'text/csv';

export interface StoredStatementFile {
  id: string;
  fileName: string;
  mediaType: StatementMediaType;
  bytes: number;
  expiresAt: Date;
}

/** An id as saveStatementFile makes them: 32 bytes in base64url, 43 characters. */
export function isStatementFileId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

export function downloadUrl(id: string): string {
  return `${STATEMENT_DOWNLOAD_PATH}?file=${id}`;
}

export async function saveStatementFile(
  q: Queryable,
  file: { userId: number; fileName: string; mediaType: StatementMediaType; body: Buffer; now: Date },
): Promise<StoredStatementFile> {
  const id = randomBytes(32).toString('base64url');
  const expiresAt = new Date(file.now.getTime() + STATEMENT_FILE_LIFETIME_MS);
  // One round trip: the caller's expired files go as the new one is stored.
  await q.query(
    `WITH expired AS (DELETE FROM statement_files WHERE user_id = $2 AND expires_at <= $6)
     INSERT INTO statement_files (id, user_id, file_name, media_type, body, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [id, file.userId, file.fileName, file.mediaType, file.body, file.now, expiresAt],
  );
  return { id, fileName: file.fileName, mediaType: file.mediaType, bytes: file.body.length, expiresAt };
}

/** The file behind a link, or null when there is none or it has expired (by `now`). */
export async function findStatementFile(q: Queryable, id: string, now: Date): Promise<{ fileName: string; mediaType: StatementMediaType; body: Buffer } | null> {
  const { rows } = await q.query<{ file_name: string; media_type: StatementMediaType; body: Uint8Array }>(
    'SELECT file_name, media_type, body FROM statement_files WHERE id = $1 AND expires_at > $2',
    [id, now],
  );
  const row = rows[0];
  if (!row) return null;
  // PostgreSQL's driver answers a Buffer, PGlite a Uint8Array: the same bytes either way.
  const body = Buffer.isBuffer(row.body) ? row.body : Buffer.from(row.body.buffer, row.body.byteOffset, row.body.byteLength);
  return { fileName: row.file_name, mediaType: row.media_type, body };
}
