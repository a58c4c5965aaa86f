// Claiming an Idempotency-Key (server/payments/idempotency.ts) is one statement that inserts the
// key or takes over one that is past its retention or whose first attempt died: a forgotten key
// runs a new request, and of two requests taking over a dead attempt's key at once, one runs and
// the other answers what it answered. PGlite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_LEASE_MS, requestHash, withIdempotency } from '../../server/payments/idempotency.ts';
import { BACKENDS, createTestClock, useTestDatabase } from './helpers.ts';

const DAY = 24 * 3600 * 1000;

describe.each(BACKENDS)('Idempotency-Key claims on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.current.db;

  it('a key past its retention (24 hours) is forgotten: the same key with another request runs it', async () => {
    const clock = createTestClock();
    let runs = 0;
    const run = async () => ({ run: ++runs });
    const id = (amount: number) => ({ scope: 'test:retention', operation: 'op', key: 'kept-a-day', request: { amount } });
    expect(await withIdempotency(db(), clock.now, id(1), run)).toEqual({ run: 1 });
    clock.advance(DAY - 1000);
    await expect(withIdempotency(db(), clock.now, id(2), run)).rejects.toMatchObject({ errorCode: 'IDEM001' });
    expect(await withIdempotency(db(), clock.now, id(1), run)).toEqual({ run: 1 });
    clock.advance(2000);
    expect(await withIdempotency(db(), clock.now, id(2), run)).toEqual({ run: 2 });
    expect(await withIdempotency(db(), clock.now, id(2), run)).toEqual({ run: 2 });
    const { rows } = await db().query(`SELECT request_hash, state FROM idempotency_keys WHERE scope = 'test:retention'`);
    expect(rows).toEqual([{ request_hash: requestHash({ amount: 2 }), state: 'done' }]);
  });

  it('two requests taking over a dead attempt’s key at once: one runs, the other answers the same', async () => {
    const clock = createTestClock();
    const id = { scope: 'test:takeover', operation: 'op', key: 'died-running', request: { n: 1 } };
    await db().query(
      `INSERT INTO idempotency_keys (scope, operation, key, request_hash, state, created_at, heartbeat_at) VALUES ($1, $2, $3, $4, 'running', $5, $5)`,
      [id.scope, id.operation, id.key, requestHash(id.request), clock.now()],
    );
    clock.advance(IDEMPOTENCY_LEASE_MS + 1000);
    let runs = 0;
    const run = async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { run: runs };
    };
    const options = { pollMs: 10 };
    const answers = await Promise.all([withIdempotency(db(), clock.now, id, run, options), withIdempotency(db(), clock.now, id, run, options)]);
    expect(answers).toEqual([{ run: 1 }, { run: 1 }]);
    expect(runs).toBe(1);
  });
});
