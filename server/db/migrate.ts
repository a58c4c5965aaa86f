// Applies server/db/migrations/NNN_name.sql in order, once each, recorded in schema_migrations.
// Several instances starting together on one PostgreSQL serialize on an advisory lock.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Db } from './index.ts';

export const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));
const MIGRATION_LOCK = 7_318_000_001;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export async function loadMigrations(dir = migrationsDir): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = /^(\d{3})_([a-z0-9_]+)\.sql$/.exec(file);
    if (!match) throw new Error(`Migration file name must look like 001_name.sql: ${path.join(dir, file)}`);
    const version = Number(match[1]);
    if (migrations.some((m) => m.version === version)) throw new Error(`Two migrations share number ${match[1]} in ${dir}`);
    migrations.push({ version, name: match[2], sql: await readFile(path.join(dir, file), 'utf8') });
  }
  return migrations;
}

/** Returns the versions it applied. */
export async function migrate(db: Db, dir = migrationsDir): Promise<number[]> {
  const migrations = await loadMigrations(dir);
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => Number(r.version)));
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      try {
        // Run the file as one statement batch (simple query protocol).
        await tx.exec(m.sql);
      } catch (error) {
        throw new Error(`Migration ${String(m.version).padStart(3, '0')}_${m.name} failed: ${(error as Error).message}`, { cause: error });
      }
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(m.version);
    }
    return applied;
  });
}
