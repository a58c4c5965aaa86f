// The one data layer: plain SQL over PGlite (embedded default) or PostgreSQL (DATABASE_URL).
// Handlers see only `query` and `transaction`; which engine runs underneath is invisible to them.
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type Row = Record<string, unknown>;

export interface QueryResult<T extends object = Row> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T extends object = Row>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations, seeds). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * A parameter holding a NUL (U+0000), which PostgreSQL text cannot store. It comes from the
 * request, however it was encoded there (JSON-escaped, in a file name...): the error handler
 * answers it as bad input instead of letting the database fail.
 */
export class NulParameterError extends Error {
  constructor() {
    super('A query parameter contains a NUL character.');
    this.name = 'NulParameterError';
  }
}

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || depth > 32 || value instanceof Date || ArrayBuffer.isView(value)) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

/** Refuses parameters that hold a NUL before they reach either engine. */
export function checkParams(params: unknown[]): unknown[] {
  if (params.some((param) => holdsNul(param))) throw new NulParameterError();
  return params;
}

export interface OpenDbOptions {
  /** postgres://... to use PostgreSQL; unset for PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; unset (or 'memory://') for an in-memory database. */
  dataDir?: string;
  /** A PGlite data directory dump (from dumpDataDir) to start from. */
  loadDataDir?: Blob | File;
  poolSize?: number;
}

export async function openDb(options: OpenDbOptions): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize);
  return openPglite(options.dataDir, options.loadDataDir);
}

/** PGlite is one connection: every query and transaction is serialized through one queue. */
export async function openPglite(dataDir?: string, loadDataDir?: Blob | File): Promise<Db & { pglite: PGlite }> {
  const inMemory = !dataDir || dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create(inMemory ? undefined : dataDir, loadDataDir ? { loadDataDir } : {});
  let queue: Promise<unknown> = Promise.resolve();
  function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  }
  const normalize = <T extends object>(r: { rows: unknown[]; affectedRows?: number }): QueryResult<T> => ({
    rows: r.rows as T[],
    rowCount: r.affectedRows ?? r.rows.length,
  });
  return {
    kind: 'pglite',
    pglite,
    query: <T extends object = Row>(sql: string, params: unknown[] = []) =>
      exclusive(async () => normalize<T>(await pglite.query(sql, checkParams(params)))),
    exec: (sql: string) => exclusive(async () => void (await pglite.exec(sql))),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) =>
      exclusive(() =>
        pglite.transaction(async (tx) =>
          fn({
            query: async <R extends object = Row>(sql: string, params: unknown[] = []) => normalize<R>(await tx.query(sql, checkParams(params))),
            exec: async (sql: string) => void (await tx.exec(sql)),
          }),
        ),
      ),
    close: () => exclusive(() => pglite.close()),
  };
}

/** Connections in the PostgreSQL pool unless DATABASE_POOL_SIZE says otherwise (docs/server.md). */
export const DEFAULT_POOL_SIZE = 10;

export async function openPostgres(databaseUrl: string, poolSize = DEFAULT_POOL_SIZE): Promise<Db> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  pool.on('error', () => undefined); // idle client errors surface on the next query instead
  const statements = preparedStatements();
  const run = async <T extends object>(client: pg.Pool | pg.PoolClient, sql: string, params: unknown[], inTransaction: boolean): Promise<QueryResult<T>> => {
    checkParams(params);
    const name = params.length > 0 ? statements.nameOf(sql) : null;
    try {
      const r = name ? await client.query({ name, text: sql, values: params }) : await client.query(sql, params);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    } catch (error) {
      if (!name || !statements.outdatedBy(error)) throw error;
      // A statement prepared before a schema change: from now on nothing is prepared. Outside a
      // transaction the query runs again at once; inside one, the transaction has failed.
      if (inTransaction) throw error;
      const r = await client.query(sql, params);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    }
  };
  // Fail fast with a clear message when the database is unreachable.
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    query: <T extends object = Row>(sql: string, params: unknown[] = []) => run<T>(pool, sql, params, false),
    exec: async (sql: string) => void (await pool.query(sql)),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: <R extends object = Row>(sql: string, params: unknown[] = []) => run<R>(client, sql, params, true),
          exec: async (sql: string) => void (await client.query(sql)),
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

const UNPREPARED = '/* unprepared */ ';

/**
 * SQL put together per request from a whitelist (the board grids: a sort and filter of the
 * caller's choosing), whose texts are too many to prepare each: run unprepared, so they neither use
 * up the prepared statements nor keep a generic plan made for another association's size.
 */
export function unprepared(sql: string): string {
  return UNPREPARED + sql;
}

/** At most this many distinct statements are prepared (the code has far fewer; the rest run unprepared). */
export const MAX_PREPARED_STATEMENTS = 500;

/**
 * Names for the statements run as prepared (named) statements on PostgreSQL: each distinct SQL
 * text with parameters is parsed and planned once per connection and then only executed, instead
 * of parsed and planned on every call (planning cost PostgreSQL more than running the portal's
 * short queries, docs/bench.md "Where the time goes"). The SQL texts are the code's own, with
 * values always bound as parameters, so there are a few hundred at most. A schema change made
 * while the server runs (a migration by a newer instance) can make a prepared statement's result
 * change shape, which PostgreSQL refuses ("cached plan must not change result type"): from then on
 * this process prepares nothing.
 */
export function preparedStatements(max = MAX_PREPARED_STATEMENTS): { nameOf(sql: string): string | null; outdatedBy(error: unknown): boolean } {
  const names = new Map<string, string>();
  let enabled = true;
  return {
    nameOf(sql) {
      if (!enabled || sql.startsWith(UNPREPARED)) return null;
      let name = names.get(sql);
      if (name === undefined && names.size < max) names.set(sql, (name = `portal_${names.size}`));
      return name ?? null;
    },
    outdatedBy(error) {
      const e = error as { code?: unknown; message?: unknown } | null;
      const outdated = e?.code === '0A000' && typeof e.message === 'string' && e.message.includes('cached plan must not change result type');
      if (outdated) enabled = false;
      return outdated;
    },
  };
}
