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
      exclusive(async () => normalize<T>(await pglite.query(sql, params))),
    exec: (sql: string) => exclusive(async () => void (await pglite.exec(sql))),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) =>
      exclusive(() =>
        pglite.transaction(async (tx) =>
          fn({
            query: async <R extends object = Row>(sql: string, params: unknown[] = []) => normalize<R>(await tx.query(sql, params)),
            exec: async (sql: string) => void (await tx.exec(sql)),
          }),
        ),
      ),
    close: () => exclusive(() => pglite.close()),
  };
}

export async function openPostgres(databaseUrl: string, poolSize = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  pool.on('error', () => undefined); // idle client errors surface on the next query instead
  const run = async <T extends object>(client: pg.Pool | pg.PoolClient, sql: string, params: unknown[]): Promise<QueryResult<T>> => {
    const r = await client.query(sql, params);
    return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
  };
  // Fail fast with a clear message when the database is unreachable.
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    query: <T extends object = Row>(sql: string, params: unknown[] = []) => run<T>(pool, sql, params),
    exec: async (sql: string) => void (await pool.query(sql)),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: <R extends object = Row>(sql: string, params: unknown[] = []) => run<R>(client, sql, params),
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
