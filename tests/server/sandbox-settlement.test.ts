// Bank debits settle (or are returned) 3 business days later, driven by the app clock: through
// POST /dev/clock/advance (which runs the due work before answering) and through the background
// tick of the job queue. Weekends are skipped; settlement is claimed safely across instances.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openPostgres, type Db } from '../../server/db/index.ts';
import { BACKENDS, call, count, createTestClock, testApp, useTestDatabase } from './helpers.ts';
import { createSandboxProvider, settleDue, TEST_BANK_ACCOUNTS } from '../../server/sandbox-provider/index.ts';
import { addBusinessDays } from '../../server/sandbox-provider/business-days.ts';
import type { MethodKind, PaymentProvider, ProviderEvent } from '../../server/payments/provider.ts';

const MERCHANT = 'acct_cedarpoint_test';
const MONDAY = new Date('2026-03-02T15:00:00Z');

async function tokenizeBank(app: FastifyInstance, provider: PaymentProvider, account: { routingNumber: string; accountNumber: string }): Promise<string> {
  const kind: MethodKind = 'bank';
  const intent = await provider.createSetupIntent({ merchantAccount: MERCHANT, kind, customerRef: 'user:2' });
  const res = await call(app, 'POST', `/sandbox-provider/api/setup-intents/${intent.setupIntentId}/attach`, {
    body: { secret: intent.clientSecret, ...account, accountType: 'savings', holderName: 'Pat Lee' },
  });
  if (res.status !== 200) throw new Error(`attach failed: ${res.status} ${res.body}`);
  return (await provider.retrieveSetupIntent(intent.setupIntentId)).method!.token;
}

async function allEvents(provider: PaymentProvider): Promise<ProviderEvent[]> {
  const events: ProviderEvent[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page = await provider.listEvents(cursor);
    events.push(...page.events);
    if (!page.events.length) return events;
    cursor = page.cursor;
  }
}

describe('business days', () => {
  it('skips weekends', () => {
    expect(addBusinessDays(new Date('2026-03-02T15:00:00Z'), 3)).toBe('2026-03-05'); // Mon -> Thu
    expect(addBusinessDays(new Date('2026-03-05T15:00:00Z'), 3)).toBe('2026-03-10'); // Thu -> Tue
    expect(addBusinessDays(new Date('2026-03-06T23:59:00Z'), 3)).toBe('2026-03-11'); // Fri -> Wed
    expect(addBusinessDays(new Date('2026-03-07T10:00:00Z'), 3)).toBe('2026-03-11'); // Sat -> Wed
    expect(addBusinessDays(new Date('2026-03-08T10:00:00Z'), 3)).toBe('2026-03-11'); // Sun -> Wed
  });
});

describe.each(BACKENDS)('bank settlement on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  let provider: PaymentProvider;
  let settles: string;
  let returned: string;
  beforeAll(async () => {
    app = await testApp(database.current.db, { clock: createTestClock(MONDAY).now, demoData: false });
    provider = createSandboxProvider({ db: database.current.db, clock: app.services.clock });
    settles = await tokenizeBank(app, provider, TEST_BANK_ACCOUNTS.settles);
    returned = await tokenizeBank(app, provider, TEST_BANK_ACCOUNTS.returned);
  });
  afterAll(async () => {
    await app?.close();
  });
  const debit = (token: string, key: string) => provider.charge({ merchantAccount: MERCHANT, token, amountCents: 20_000, idempotencyKey: key, description: 'HOA dues' });
  const status = async (chargeId: string) =>
    (await database.current.db.query<{ status: string }>('SELECT status FROM sandbox_charges WHERE id = $1', [chargeId])).rows[0].status;

  it('settles after advancing the clock 5 days, and the returned account produces charge.returned (R01)', async () => {
    expect((await call(app, 'GET', '/dev/clock')).json).toEqual({ now: MONDAY.toISOString() });
    const ok = await debit(settles, 'settle-1');
    const bad = await debit(returned, 'return-1');
    expect([ok.status, bad.status]).toEqual(['pending', 'pending']);
    expect(await provider.listEvents(null)).toEqual({ events: [], cursor: null });

    const two = await call(app, 'POST', '/dev/clock/advance', { body: { days: 2 } }); // Wednesday: not yet
    expect(two.status).toBe(200);
    expect(two.json.now).toBe('2026-03-04T15:00:00.000Z');
    expect(await status(ok.chargeId)).toBe('pending');

    const five = await call(app, 'POST', '/dev/clock/advance', { body: { days: 3 } }); // 5 days in all: Saturday
    expect(five.json.now).toBe('2026-03-07T15:00:00.000Z');
    expect(await status(ok.chargeId)).toBe('succeeded');
    expect(await status(bad.chargeId)).toBe('returned');
    const events = await allEvents(provider);
    expect(events.map((e) => [e.type, e.chargeId, e.reason])).toEqual(
      expect.arrayContaining([
        ['charge.settled', ok.chargeId, undefined],
        ['charge.returned', bad.chargeId, 'R01'],
      ]),
    );
    expect(events).toHaveLength(2);
    for (const e of events) expect(e.occurredAt).toBe('2026-03-07T15:00:00.000Z');
    // The cursor only moves forward and a replay after it is empty; settling again does nothing.
    const page = await provider.listEvents(null);
    expect((await provider.listEvents(page.cursor)).events).toEqual([]);
    expect((await provider.listEvents(page.cursor)).cursor).toBe(page.cursor);
    expect(await settleDue(database.current.db, app.services.clock())).toBe(0);
    // An idempotent replay of the debit still answers the first (pending) result.
    expect(await debit(settles, 'settle-1')).toEqual(ok);
    // Settled bank debits can be refunded.
    expect((await provider.refund({ chargeId: ok.chargeId, amountCents: 500, idempotencyKey: 'bank-refund' })).status).toBe('succeeded');
  });

  it('skips weekends: a Friday debit settles on Wednesday, not Monday', async () => {
    // The clock is at Saturday 2026-03-07 now; move to Friday 2026-03-13.
    await call(app, 'POST', '/dev/clock/advance', { body: { days: 6 } });
    expect((await call(app, 'GET', '/dev/clock')).json.now).toBe('2026-03-13T15:00:00.000Z');
    const fri = await debit(settles, 'friday');
    await call(app, 'POST', '/dev/clock/advance', { body: { days: 3 } }); // Monday
    expect(await status(fri.chargeId)).toBe('pending');
    await call(app, 'POST', '/dev/clock/advance', { body: { hours: 32 } }); // Tuesday 23:00
    expect(await status(fri.chargeId)).toBe('pending');
    await call(app, 'POST', '/dev/clock/advance', { body: { hours: 1 } }); // Wednesday 00:00 (UTC)
    expect(await status(fri.chargeId)).toBe('succeeded');
  });

  it('never settles one charge twice when several instances run the due work at once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await debit(i % 3 ? settles : returned, `race-${i}`)).chargeId);
    const later = new Date(app.services.clock().getTime() + 7 * 86_400_000);
    const others: Db[] = [];
    if (kind === 'postgres') for (let i = 0; i < 3; i++) others.push(await openPostgres(database.current.url!, 3));
    try {
      const dbs = kind === 'postgres' ? others : [database.current.db, database.current.db, database.current.db];
      const counts = await Promise.all(dbs.map((db) => settleDue(db, later)));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(12);
    } finally {
      for (const db of others) await db.close();
    }
    const db = database.current.db;
    expect(await count(db, `sandbox_events WHERE charge_id IN (${ids.map((id) => `'${id}'`).join(',')})`)).toBe(12);
    const { rows } = await db.query<{ seq: string }>('SELECT seq FROM sandbox_events ORDER BY seq');
    expect(rows.map((r) => Number(r.seq))).toEqual(rows.map((_r, i) => i + 1));
  });
});
