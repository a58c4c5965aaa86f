// An account is paid automatically one way at a time, also when both ways are asked for at once:
// a recurring payment and an auto-draft of the same account, set up (set-ups hold nothing) and then
// confirmed together, on PGlite and on PostgreSQL (where they really run side by side): exactly one
// is confirmed, the other is 409 PAY013 (both lock the account row, then check). Two tabs enrolling
// the same account: neither set-up removes the other; the first signed wins. A set-up lapses after 24 hours.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, createTestClock, expectErrorShape, signIn, testApp, useTestDatabase } from './helpers.ts';
import { subLedgerId } from './payments-helpers.ts';
import { api, associationId, saveMethod, type Api } from './billing-helpers.ts';
import { TEST_BANK_ENTRY, setAccountBalance } from './auto-draft-helpers.ts';

describe.each(BACKENDS)('recurring payment and auto-draft of one account at once on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock(new Date('2026-03-02T15:00:00Z'));
  let app: FastifyInstance;
  let paid: Api;
  let method: number;
  let ledger: number;
  const db = () => database.current.db;

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now, sandboxProvider: true });
    paid = api(app, (await signIn(app, DEMO.paid)).token);
    method = (await saveMethod(app, paid, await associationId(db(), 'maplegrove'), 'visa')).id;
    ledger = await subLedgerId(db(), '100235');
    await setAccountBalance(db(), '100235', 0);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('confirms exactly one of them, whichever comes first', async () => {
    for (let round = 0; round < 6; round++) {
      const [recurring, autoDraft] = await Promise.all([
        paid.post('/RecurringPayment/Setup', { subLedgerId: ledger, paymentMethodId: method, frequency: 'monthly', startDate: '2026-03-20', amount: { kind: 'fullBalance' } }),
        paid.post('/AutoDraft/Setup', { accountNumber: '100235', startMonth: '2026-04', pullDay: 5, bank: TEST_BANK_ENTRY }),
      ]);
      expect([recurring.status, autoDraft.status], `${recurring.body} ${autoDraft.body}`).toEqual([201, 201]);
      const recurringId = recurring.json.recurringPayment.recurringPaymentId as string;
      const autoDraftId = autoDraft.json.autoDraft.autoDraftId as string;
      const [confirmedRecurring, confirmedAutoDraft] = await Promise.all([
        paid.put(`/RecurringPayment/Setup/${recurringId}/Confirm`),
        paid.put('/AutoDraft/Setup/Confirm', { autoDraftId }),
      ]);
      expect([confirmedRecurring.status, confirmedAutoDraft.status].sort(), `${confirmedRecurring.body} ${confirmedAutoDraft.body}`).toEqual([200, 409]);
      expectErrorShape(confirmedRecurring.status === 409 ? confirmedRecurring : confirmedAutoDraft, 409, 'PAY013');
      const { rows } = await db().query<{ n: string | number }>(
        `SELECT (SELECT count(*) FROM recurring_payments r JOIN sub_ledgers sl ON sl.id = r.sub_ledger_id JOIN accounts ac ON ac.id = sl.account_id
                  WHERE ac.account_number = '100235' AND r.status IN ('active', 'paused') AND r.auto_draft_id IS NULL)
              + (SELECT count(*) FROM auto_draft_enrollments e JOIN accounts ac ON ac.id = e.account_id WHERE ac.account_number = '100235' AND e.status IN ('active', 'paused')) AS n`,
      );
      expect(Number(rows[0].n)).toBe(1);
      // Both removed again for the next round.
      expect((await paid.del(`/RecurringPayment/${recurringId}`)).status).toBe(204);
      expect((await paid.del(`/AutoDraft/${autoDraftId}`)).status).toBe(204);
    }
  });

  const enrollment = { accountNumber: '100235', startMonth: '2026-04', pullDay: 5, bank: TEST_BANK_ENTRY };

  it('a set-up in another tab never removes this one: both are kept, the first signed wins, the other is 409 PAY013', async () => {
    const first = await paid.post('/AutoDraft/Setup', enrollment);
    expect(first.status, first.body).toBe(201);
    const second = await paid.post('/AutoDraft/Setup', { ...enrollment, pullDay: 9 });
    expect(second.status, second.body).toBe(201);
    const firstId = first.json.autoDraft.autoDraftId as string;
    const secondId = second.json.autoDraft.autoDraftId as string;
    const listed = (await paid.get('/AutoDraft?accountNumber=100235')).json.autoDraftEnrollments as { autoDraftId: string; status: string }[];
    expect(listed.map((e) => [e.autoDraftId, e.status])).toEqual([[firstId, 'setup'], [secondId, 'setup']]);
    expect(listed[0]).toMatchObject({ authorizationText: first.json.authorizationText, expiresAt: '2026-03-03T15:00:00.000Z' });

    const signed = await paid.put('/AutoDraft/Setup/Confirm', { autoDraftId: firstId });
    expect(signed.status, signed.body).toBe(200);
    const other = await paid.put('/AutoDraft/Setup/Confirm', { autoDraftId: secondId });
    expectErrorShape(other, 409, 'PAY013');
    expect(other.json.detail).toBe('This account already has a recurring payment or auto-draft.');
    const { rows } = await db().query<{ status: string }>(`SELECT status FROM auto_draft_enrollments WHERE id IN ($1, $2) ORDER BY id = $1 DESC`, [firstId, secondId]);
    expect(rows.map((r) => r.status)).toEqual(['active', 'setup']);
    expect((await paid.del(`/AutoDraft/${firstId}`)).status).toBe(204);
    expect((await paid.del(`/AutoDraft/${secondId}`)).status).toBe(204);
  });

  it('an auto-draft set-up expires 24 hours after it was made: no longer listed, and never signed (409 PAY008)', async () => {
    const setup = await paid.post('/AutoDraft/Setup', enrollment);
    expect(setup.status, setup.body).toBe(201);
    const id = setup.json.autoDraft.autoDraftId as string;
    try {
      clock.set(new Date('2026-03-03T15:00:00Z'));
      paid = api(app, (await signIn(app, DEMO.paid, '198.51.100.77')).token);
      expect((await paid.get('/AutoDraft?accountNumber=100235')).json.autoDraftEnrollments).toEqual([]);
      const late = await paid.put('/AutoDraft/Setup/Confirm', { autoDraftId: id });
      expectErrorShape(late, 409, 'PAY008');
      expect(late.json.detail).toBe('This auto-draft was set up more than 24 hours ago and was not signed in time. Set it up again.');
      const { rows } = await db().query<{ status: string }>('SELECT status FROM auto_draft_enrollments WHERE id = $1', [id]);
      expect(rows[0].status).toBe('setup');
    } finally {
      clock.set(new Date('2026-03-02T15:00:00Z'));
      paid = api(app, (await signIn(app, DEMO.paid, '198.51.100.78')).token);
    }
  });
});
