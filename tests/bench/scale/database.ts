// A fresh PostgreSQL database per run of the scale bench: created on the admin URL, migrated as the
// server would (server/db/migrate.ts), dropped when the bench ends (also on a failure or a signal).
import pg from 'pg';
import { openPostgres, type Db } from '../../../server/db/index.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { onCleanup } from '../lib/procs.ts';

/** application_name of the bench's own connections. */
export const WATCH_APPLICATION = 'bench_scale_watch';

export interface BenchDatabase {
  name: string;
  url: string;
  /** A small pool for seeding, watching and checking (never the servers' own). */
  db: Db;
  /** Drops the database now (closing the pool first). */
  drop: () => Promise<void>;
}

export function adminUrlOf(env: NodeJS.ProcessEnv): string {
  const adminUrl = env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const host = new URL(adminUrl).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost') throw new Error(`BENCH_PG_ADMIN_URL must point at 127.0.0.1, not ${host}`);
  return adminUrl;
}

/** Creates `<prefix>_<time>_<pid>`, migrates it and opens a pool of `poolSize` on it. */
export async function createBenchDatabase(adminUrl: string, prefix: string, poolSize = 4): Promise<BenchDatabase> {
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  admin.on('error', () => undefined); // a lost admin connection shows up as the next query's error
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  let db: Db | null = null;
  const drop = onCleanup(`drop database ${name}`, async () => {
    await db?.close().catch(() => undefined);
    const again = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
    again.on('error', () => undefined);
    await again.connect();
    try {
      await again.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await again.end();
    }
  });
  // Named, so the CPU the bench's own queries take is told apart from the servers' (cpu.ts).
  const own = new URL(url.href);
  own.searchParams.set('application_name', WATCH_APPLICATION);
  db = await openPostgres(own.href, poolSize);
  await migrate(db);
  return { name, url: url.href, db, drop };
}
