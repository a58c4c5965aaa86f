// On PostgreSQL every query with parameters runs as a prepared statement (server/db/index.ts),
// and a schema change made while the server runs (a newer instance's migration) does not break the
// queries prepared before it: they run again unprepared.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, preparedStatements, type Db } from '../../server/db/index.ts';
import { createTestDatabase, postgresUrl, type TestDatabase } from './helpers.ts';

describe('preparedStatements', () => {
  it('names each SQL text once, up to the limit, and nothing after a schema change', () => {
    const statements = preparedStatements(2);
    const a = statements.nameOf('SELECT $1::int');
    expect(a).toMatch(/^portal_\d+$/);
    expect(statements.nameOf('SELECT $1::int')).toBe(a);
    const b = statements.nameOf('SELECT $1::text');
    expect(b).not.toBe(a);
    expect(statements.nameOf('SELECT $1::date')).toBeNull();
    expect(statements.outdatedBy(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(statements.nameOf('SELECT $1::int')).toBe(a);
    expect(statements.outdatedBy(Object.assign(new Error('cached plan must not change result type'), { code: '0A000' }))).toBe(true);
    expect(statements.nameOf('SELECT $1::int')).toBeNull();
  });
});

describe.skipIf(!postgresUrl)('prepared statements on postgres', () => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    // One connection: every query below meets the statements the ones before it prepared.
    db = await openPostgres(database.url!, 1);
    await db.exec('CREATE TABLE prepared_probe (id integer PRIMARY KEY, name text); INSERT INTO prepared_probe VALUES (1, $$one$$)');
  });
  afterAll(async () => {
    await db?.close();
    await database?.dispose();
  });

  it('prepares a query with parameters once, and runs it again after the table changed shape', async () => {
    const select = 'SELECT * FROM prepared_probe WHERE id = $1';
    expect((await db.query(select, [1])).rows).toEqual([{ id: 1, name: 'one' }]);
    const prepared = await db.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements WHERE statement = $1', [select]);
    expect(prepared.rows).toHaveLength(1);
    await db.exec('ALTER TABLE prepared_probe ADD COLUMN added integer NOT NULL DEFAULT 7');
    expect((await db.query(select, [1])).rows).toEqual([{ id: 1, name: 'one', added: 7 }]);
    expect((await db.query(select, [1])).rows).toEqual([{ id: 1, name: 'one', added: 7 }]);
    expect(await db.transaction(async (tx) => (await tx.query('SELECT name FROM prepared_probe WHERE id = $1', [1])).rows)).toEqual([{ name: 'one' }]);
  });
});
