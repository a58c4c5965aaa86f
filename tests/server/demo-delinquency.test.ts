// The demo's delinquency report (GET /associations/{id}/Board/Reports?report=delinquency) has an
// account in each stage past 30 days: 30 days (the seed's 100234 and 100236), 60 days, 90+ days
// and attorney (120 days and more), with the days counted in New York's business days from the
// seed's now. The clock stands at 9:35 pm EST on March 2, 2026 (02:35 UTC on the 3rd), when UTC's
// day is already the next. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, createTestClock, signIn, testApp, useTestDatabase } from './helpers.ts';
import { associationId } from './billing-helpers.ts';

type Row = { accountNumber: string; balanceCents: number; daysPastDue: number; stage: string; oldestUnpaid: string };

describe.each(BACKENDS)('the demo delinquency report on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock(new Date('2026-03-03T02:35:00Z'));
  let app: FastifyInstance;
  let token: string;
  let maple: number;

  beforeAll(async () => {
    app = await testApp(database.current.db, { clock: clock.now });
    maple = await associationId(database.current.db, 'maplegrove');
    token = (await signIn(app, DEMO.board)).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('has accounts 30, 60 and 90+ days past due and one for the attorney', async () => {
    const res = await call(app, 'GET', `/api/associations/associations/${maple}/Board/Reports?report=delinquency&sort=accountNumber:asc`, { token });
    expect(res.status, res.body).toBe(200);
    expect(res.json.asOf).toBe('2026-03-02');
    const rows = (res.json.rows as Row[]).map(({ accountNumber, balanceCents, daysPastDue, stage, oldestUnpaid }) => ({ accountNumber, balanceCents, daysPastDue, stage, oldestUnpaid }));
    expect(rows).toEqual([
      { accountNumber: '100234', balanceCents: 24500, daysPastDue: 30, stage: '30 days', oldestUnpaid: '2026-01-31' },
      { accountNumber: '100236', balanceCents: 12000, daysPastDue: 30, stage: '30 days', oldestUnpaid: '2026-01-31' },
      { accountNumber: '101012', balanceCents: 22500, daysPastDue: 60, stage: '60 days', oldestUnpaid: '2026-01-01' },
      { accountNumber: '101027', balanceCents: 42500, daysPastDue: 95, stage: '90+ days', oldestUnpaid: '2025-11-27' },
      { accountNumber: '101043', balanceCents: 45000, daysPastDue: 150, stage: 'attorney', oldestUnpaid: '2025-10-03' },
    ]);
    expect(res.json.totals).toEqual({ balanceCents: 146500 });
  });
});
