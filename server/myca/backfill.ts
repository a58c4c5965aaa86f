// Passages for the documents stored before they were cut into passages (their text was read with
// the pages merged) or written without the upload (the demo seed): each is read again from its
// stored bytes, page by page. Documents without words (images, Office files, unreadable PDFs) have
// no passages and are never picked; one whose pages come out empty is indexed from its stored text
// as one unpaged passage set, so that every document with words ends up with passages and none is
// read again at the next start.
import type { Db } from '../db/index.ts';
import type { Logger } from '../logger.ts';
import { searchablePages } from '../documents/pdf-text.ts';
import { documentPassages, indexDocumentPassages } from './passages.ts';

export type ReadBytes = (documentId: number) => Promise<Buffer>;

export interface BackfillOptions {
  /** Stops between documents (the server closing). */
  signal?: AbortSignal;
  /** A document that fails is logged and skipped: the others still get their passages. */
  log?: Pick<Logger, 'error'>;
}

interface PendingRow {
  id: number;
  content_type: string;
}

/** Indexes every document with text but no passages, one at a time; how many were indexed. */
export async function backfillDocumentPassages(db: Db, readBytes: ReadBytes, options: BackfillOptions = {}): Promise<number> {
  let indexed = 0;
  for (let after = 0; !options.signal?.aborted; ) {
    const { rows } = await db.query<PendingRow>(
      `SELECT d.id, d.content_type FROM documents d
        WHERE d.id > $1 AND d.body_text ~ '[[:alnum:]]' AND NOT EXISTS (SELECT 1 FROM myca_passages p WHERE p.document_id = d.id)
        ORDER BY d.id LIMIT 1`,
      [after],
    );
    if (!rows[0]) break;
    const { id, content_type: contentType } = rows[0];
    after = id;
    try {
      let pages = await searchablePages(contentType, await readBytes(id));
      let paged = contentType === 'application/pdf';
      if (documentPassages(pages).length === 0) {
        const { rows: stored } = await db.query<{ body_text: string }>('SELECT body_text FROM documents WHERE id = $1', [id]);
        pages = stored.map((row) => row.body_text);
        paged = false;
      }
      if ((await db.transaction((tx) => indexDocumentPassages(tx, id, pages, paged))) > 0) indexed++;
    } catch (error) {
      options.log?.error({ err: error, documentId: id }, 'passages of a stored document could not be indexed');
    }
  }
  return indexed;
}
