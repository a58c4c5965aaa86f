// A grid's CSV written as it is read (server/board/grid-query.ts gridCsv, for lists too long to hold
// in memory): the matching rows in the grid's sort, a batch at a time, through csv-stringify's
// stream. The request is checked and the first batch read before anything is sent, so a bad
// column, filter or sort is still a 400; a failure later cuts the download short.
import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import { unprepared, type Queryable } from '../db/index.ts';
import { cellOf, csvCellOf, csvColumnsOf, csvOptions, orderByOf, selectOf, whereOf, type GridList, type GridRequest } from './grid-query.ts';

export const CSV_BATCH_ROWS = 1000;

/**
 * Every row of `list` matching the request, as a stream of CSV. Batches are read by offset: the
 * list's source must not gain rows in front of those already read while it runs (a source of
 * entries only ever added can stop at the newest when the export begins).
 */
export async function gridCsvStream(db: Queryable, list: GridList, request: GridRequest, batchRows = CSV_BATCH_ROWS): Promise<Readable> {
  const names = csvColumnsOf(list, request.columns);
  const params = [...list.params];
  const where = whereOf(list, request.filter, params);
  const orderBy = orderByOf(list, request.sort);
  const sql = unprepared(
    `SELECT ${selectOf(names, list)} FROM (${list.source}) AS g WHERE ${where} ORDER BY ${orderBy} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
  );
  const batch = async (offset: number) => (await db.query<Record<string, unknown>>(sql, [...params, batchRows, offset])).rows;
  const first = await batch(0);

  async function* records() {
    let rows = first;
    for (let offset = 0; ; ) {
      for (const raw of rows) yield names.map((name) => csvCellOf(list.columns[name].kind, cellOf(list.columns[name].kind, raw[name])));
      if (rows.length < batchRows) return;
      offset += batchRows;
      rows = await batch(offset);
    }
  }
  const csv = stringify(csvOptions(names.map((name) => list.columns[name].title)));
  // pipeline, not pipe: a failed read ends the download with the error instead of leaving it open.
  pipeline(Readable.from(records()), csv, () => {});
  return csv;
}
