// What MyCA's material needs at every start: the FAQ and help as they are now (awaited: two small
// files), and passages for stored documents that have none (in the background: reading PDFs again
// can take a while, and the server answers meanwhile; those documents are citable once done).
import type { Db } from '../db/index.ts';
import type { Logger } from '../logger.ts';
import { readChunks } from '../documents/store.ts';
import { indexContentPassages } from './content.ts';
import { backfillDocumentPassages } from './backfill.ts';

/** Starts the indexing; the returned function stops the background part and waits for it (before the database closes). */
export async function startMycaIndexing(services: { db: Db; log: Logger }, schemasDir: string): Promise<() => Promise<void>> {
  const { db, log } = services;
  await indexContentPassages(db, schemasDir);
  const stop = new AbortController();
  const backfill = backfillDocumentPassages(db, (id) => readChunks(db, id), { signal: stop.signal, log }).catch((error: unknown) => {
    if (!stop.signal.aborted) log.error({ err: error }, 'passages of stored documents could not be indexed');
  });
  return async () => {
    stop.abort();
    await backfill;
  };
}
