// An account is paid automatically one way at a time, also when both ways are asked for at once:
// a recurring payment and an auto-draft of the same account, set up (set-ups hold nothing) and then
// confirmed together, on PGlite and on PostgreSQL (where they really run side by side): exactly one
// is confirmed, the other is 409 PAY013 (both lock the account row, then check).
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
});
