// GET /api/payments/Ledger/Export?file=<id>: the download of a statement made by createStatement.
// A plain route, not an operation of the contract: the browser follows it as a link (a download
// cannot send the bearer token), and the unguessable id it carries is what admits it
// (server/statements/files.ts). One query by primary key per request and nothing written, so it
// stays as cheap as a static file; guessing an id (256 random bits) is hopeless, so it needs no
// rate limit. The app's security headers still apply (helmet, server/security-headers.ts): none
// of them stands in the way of an attachment, and Referrer-Policy no-referrer keeps the link out
// of other sites' logs.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.ts';
import type { Clock } from '../clock.ts';
import { ApiError } from '../errors.ts';
import { STATEMENT_DOWNLOAD_PATH, findStatementFile, isStatementFileId } from './files.ts';

export const STATEMENT_LINK_GONE = 'This download link has expired or does not exist. Make the statement again.';

const CONTENT_TYPES = { 'application/pdf': 'application/pdf', 'text/csv': 'text/csv; charset=utf-8' } as const;

/** A file name safe inside the quoted filename parameter (ours are already plain ASCII). */
function quotedFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/g, '_');
}

export function registerStatementDownloads(app: FastifyInstance, deps: { db: Db; clock: Clock }): void {
  app.get(STATEMENT_DOWNLOAD_PATH, async (request, reply) => {
    const { file } = request.query as Record<string, unknown>;
    // A malformed id cannot be one of ours: answered without asking the database.
    const found = isStatementFileId(file) ? await findStatementFile(deps.db, file, deps.clock()) : null;
    if (!found) throw new ApiError(404, STATEMENT_LINK_GONE, { errorCode: 'STM001' });
    return reply
      .code(200)
      .header('content-type', CONTENT_TYPES[found.mediaType])
      .header('content-disposition', `attachment; filename="${quotedFileName(found.fileName)}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(found.body);
  });
}
