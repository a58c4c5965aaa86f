// How a board list answers its grid request: one page as JSON, or every matching row as a CSV
// download (format=csv). The lists themselves are in server/board/lists.ts; who may call is
// x-policy's (the association's board and management staff).
import type { Db } from '../../db/index.ts';
import type { FileAnswer } from '../types.ts';
import type { Operations } from '../../../generated/operation-types.ts';
import { gridCsv, gridPage, csvHeaders, type GridList, type GridRequest } from '../../board/grid-query.ts';

/** A grid operation's row type, from the contract. */
export type GridRowOf<Id extends keyof Operations> = Operations[Id]['responses'] extends { 200: { rows: (infer Row)[] } } ? Row : never;

export type GridAnswer<Row> = { status: 200; body: { rows: Row[]; lastRow: number } } | FileAnswer<200>;

export async function answerGrid<Row>(db: Db, list: GridList, query: GridRequest & { format?: 'json' | 'csv' }, fileName: string): Promise<GridAnswer<Row>> {
  if (query.format === 'csv') {
    return { status: 200, headers: csvHeaders(`${fileName}.csv`), content: Buffer.from(await gridCsv(db, list, query), 'utf8') };
  }
  return { status: 200, body: await gridPage<Row>(db, list, query) };
}
