// A NUL reaches no query however it was encoded: a JSON-escaped one in a grid filter is refused
// with 400 VAL001 naming the field, and nothing is logged as an error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, expectErrorShape, signIn, testApp, useTestDatabase } from './helpers.ts';
import { associationId } from './billing-helpers.ts';
import { NulParameterError } from '../../server/db/index.ts';
import { defaultHandlers } from '../../server/handlers/index.ts';

const withNul = (column: string) => `filter=${encodeURIComponent(JSON.stringify({ [column]: { type: 'contains', filter: '\u0000' } }))}`;

describe.each(BACKENDS)('NUL in encoded input on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  let logged = '';
  let token = '';
  let boardToken = '';
  let maple = 0;
  beforeAll(async () => {
    const stream = { write: (line: string) => void (logged += line) };
    // An operation that passes what it was sent on to the database in an encoding of its own.
    const handlers = defaultHandlers();
    handlers.getSecurity = async (_req, services) => {
      await services.db.query('SELECT $1::text', [Buffer.from('YQBi', 'base64').toString()]);
      return { status: 200, body: { permissions: [] } };
    };
    app = await testApp(database.current.db, { handlers, logger: { level: 'error', stream } });
    token = (await signIn(app, DEMO.manager)).token;
    boardToken = (await signIn(app, DEMO.board)).token;
    maple = await associationId(database.current.db, 'maplegrove');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a JSON-escaped NUL in a grid filter is 400 VAL001 on board lists, the aging report and the ARC list', async () => {
    expect(withNul('owner')).toContain('%5Cu0000'); // the escape, not a raw NUL byte
    const board = `/api/associations/associations/${maple}/Board`;
    const addresses = [
      `${board}/Homeowners?${withNul('owner')}`,
      `${board}/Collections?${withNul('owner')}`,
      `${board}/Violations?${withNul('address')}`,
      `${board}/Reports?report=aging&${withNul('owner')}`,
      `/api/action-items/Board/ArcRequests?associationId=${maple}&status=all&${withNul('subject')}`,
    ];
    for (const address of addresses) {
      const res = await call(app, 'GET', address, { token: address.includes('ArcRequests') ? boardToken : token });
      expect(res.status, `${address}: ${res.body}`).toBe(400);
      expectErrorShape(res, 400, 'VAL001');
      expect(res.json.detail, address).toMatch(/^The field filter\.\w+\.filter contains a control character/);
    }
    expect(logged).toBe('');
  });

  it('the database layer refuses a NUL in any parameter, nested or not, before the query runs', async () => {
    const db = database.current.db;
    await expect(db.query('SELECT $1::text AS t', ['a\u0000b'])).rejects.toBeInstanceOf(NulParameterError);
    await expect(db.query('SELECT $1::jsonb AS j', [{ note: ['x\u0000'] }])).rejects.toBeInstanceOf(NulParameterError);
    await expect(db.transaction((tx) => tx.query('SELECT $1::text AS t', ['\u0000']))).rejects.toBeInstanceOf(NulParameterError);
    expect((await db.query<{ t: string }>('SELECT $1::text AS t', ['a\tb'])).rows[0].t).toBe('a\tb');
  });

  it('a NUL decoded by a handler is answered as bad input, not as a server error', async () => {
    logged = '';
    const res = await call(app, 'GET', '/api/users/Security', { token: (await signIn(app, DEMO.homeowner)).token });
    expectErrorShape(res, 400, 'VAL001');
    expect(res.json.errorId).toBeUndefined();
    expect(logged).toBe('');
  });
});
