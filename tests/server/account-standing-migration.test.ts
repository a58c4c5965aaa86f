// Migration 200 on a database already in use: the demo seeded on the migrations before it, then
// 200 applied, fills account_standing for every account there already — its standing as the ledger
// CTE works it out (tests/server/standing-oracle.ts) and who and where the account is. PGlite and
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BACKENDS, postgresUrl, testPasswords } from './helpers.ts';
import { openPglite, openPostgres, type Db } from '../../server/db/index.ts';
import { migrate, migrationsDir } from '../../server/db/migrate.ts';
import { seedDemo } from '../../server/demo/seed.ts';
import { oracleStanding } from './standing-oracle.ts';

const NOW = new Date('2026-03-02T15:00:00Z');
const TODAY = '2026-03-02';

describe.each(BACKENDS)('migration 200 on a database in use, on %s', (kind) => {
  let db: Db;
  let earlier: string;
  let drop = async () => {};

  beforeAll(async () => {
    earlier = await mkdtemp(path.join(tmpdir(), 'migrations-before-200-'));
    for (const file of await readdir(migrationsDir)) {
      // Before 200, and the later ones the demo's seed writes to that do not touch the ledger or
      // the standing (the management roles, settings and staff invitations), so that today's seed fits.
      const number = Number(file.slice(0, 3));
      if (file.endsWith('.sql') && (number < 200 || number >= 220)) await copyFile(path.join(migrationsDir, file), path.join(earlier, file));
    }
    if (kind === 'pglite') {
      db = await openPglite();
    } else {
      const name = `standing_migration_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: postgresUrl! });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(postgresUrl!);
      url.pathname = `/${name}`;
      db = await openPostgres(url.href, 2);
      drop = async () => {
        const again = new pg.Client({ connectionString: postgresUrl! });
        await again.connect();
        await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await again.end();
      };
    }
    await migrate(db, earlier);
    await seedDemo(db, testPasswords, NOW);
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    await drop();
    if (earlier) await rm(earlier, { recursive: true, force: true });
  });

  it('fills the standing of every account there already', async () => {
    // 200 and the one after it, none before.
    expect(await migrate(db)).toEqual([200, 210]);
    const { rows: associations } = await db.query<{ id: number }>('SELECT id FROM associations ORDER BY id');
    let owing = 0;
    for (const { id } of associations) {
      const oracle = await oracleStanding(db, Number(id), TODAY);
      const { rows } = await db.query<{ account_number: string; balance_cents: string | number; oldest_unpaid: string | null }>(
        `SELECT account_number, balance_cents, to_char(oldest_unpaid, 'YYYY-MM-DD') AS oldest_unpaid FROM account_standing WHERE association_id = $1`,
        [id],
      );
      expect(new Map(rows.map((r) => [r.account_number, [Number(r.balance_cents), r.oldest_unpaid]]))).toEqual(
        new Map([...oracle.values()].map((o) => [o.accountNumber, [o.balanceCents, o.oldestUnpaid]])),
      );
      owing += [...oracle.values()].filter((o) => o.balanceCents > 0).length;
    }
    expect(owing).toBeGreaterThanOrEqual(5);
    // Who and where: the registered user's name and e-mail, else the owner of record; the address on one line.
    const { rows: mismatched } = await db.query(
      `SELECT ac.account_number FROM accounts ac LEFT JOIN users u ON u.id = ac.owner_user_id JOIN account_standing s ON s.account_id = ac.id
        WHERE (s.association_id, s.account_number, s.owner, s.address, s.email, s.registered) IS DISTINCT FROM
              (ac.association_id, ac.account_number, COALESCE(u.first_name || ' ' || u.last_name, ac.owner_name, ''),
               ac.address1 || CASE WHEN ac.address2 <> '' THEN ', ' || ac.address2 ELSE '' END, u.email, ac.owner_user_id IS NOT NULL)`,
    );
    expect(mismatched).toEqual([]);
    const { rows: counts } = await db.query<{ accounts: string | number; standing: string | number; registered: string | number }>(
      `SELECT (SELECT count(*) FROM accounts) AS accounts, (SELECT count(*) FROM account_standing) AS standing,
              (SELECT count(*) FROM account_standing WHERE registered) AS registered`,
    );
    expect(Number(counts[0].standing)).toBe(Number(counts[0].accounts));
    expect(Number(counts[0].registered)).toBeGreaterThan(0);
  });
});
