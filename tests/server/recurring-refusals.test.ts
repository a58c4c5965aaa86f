// Refusals of scheduled-money requests name the field at fault and the rule it broke, in `fields`
// (dotted request field -> message) as well as the detail, so that a form shows each one by its
// field: the first payment date that is not after today, and an amount rule whose kind is valid but
// whose own fields are not (the kind names the branch of the rule that is checked). On PGlite and
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, createTestClock, dataOf, expectErrorShape, signIn, testApp, useTestDatabase } from './helpers.ts';
import { subLedgerId } from './payments-helpers.ts';
import { api, type Api } from './billing-helpers.ts';
import { recurringSnapshot } from './recurring-helpers.ts';
import { TEST_BANK_ENTRY, autoDraftSnapshot } from './auto-draft-helpers.ts';

describe.each(BACKENDS)('refusals of recurring payments and auto-draft on %s', (kind) => {
  const database = useTestDatabase(kind);
  // 10:00 in New York on Monday 2026-01-12.
  const clock = createTestClock(new Date('2026-01-12T15:00:00Z'));
  let app: FastifyInstance;
  let home: Api;
  let paid: Api;
  let visaId: number;
  let assessments: number;
  const db = () => database.current.db;

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now, sandboxProvider: true });
    home = api(app, (await signIn(app, DEMO.homeowner, '198.51.100.31')).token);
    paid = api(app, (await signIn(app, DEMO.paid, '198.51.100.32')).token);
    visaId = (await dataOf(home.typed.listPaymentMethods(), 200)).paymentMethods[0].id;
    assessments = await subLedgerId(db(), '100234');
  });
  afterAll(async () => {
    await app?.close();
  });

  const base = () => ({ subLedgerId: assessments, paymentMethodId: visaId, frequency: 'monthly', startDate: '2026-01-31', amount: { kind: 'fullBalance' } });

  async function refusedWith(res: Awaited<ReturnType<Api['post']>>, field: string, rule: RegExp) {
    expectErrorShape(res, 400, 'VAL001');
    const fields = res.json.fields as Record<string, string> | undefined;
    expect(Object.keys(fields ?? {}), res.body).toEqual([field]);
    expect(fields![field], res.body).toMatch(rule);
    expect(res.json.detail).toBe(fields![field]);
  }

  it('today as the first payment date names startDate (and nextPaymentDate on a change)', async () => {
    const before = await recurringSnapshot(db());
    await refusedWith(await home.post('/RecurringPayment/Setup', { ...base(), startDate: '2026-01-12' }), 'startDate', /^The first payment date must be after today \(January 12, 2026, Eastern time\)\.$/);
    await refusedWith(await home.post('/RecurringPayment/Setup', { ...base(), startDate: '2026-01-11' }), 'startDate', /^The first payment date must be after today/);
    expect(await recurringSnapshot(db())).toEqual(before);
    const setup = await home.post('/RecurringPayment/Setup', base());
    expect(setup.status, setup.body).toBe(201);
    const id = setup.json.recurringPayment.recurringPaymentId as string;
    await refusedWith(await home.patch(`/RecurringPayment/${id}`, { nextPaymentDate: '2026-01-12' }), 'nextPaymentDate', /^The next payment date must be after today/);
    expect((await home.del(`/RecurringPayment/${id}`)).status).toBe(204);
  });

  it('a percentage or full-balance rule names its own bad field, never amount.amountCents', async () => {
    const before = await recurringSnapshot(db());
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ kind: 'percentage', basisPoints: 0 }, 'amount.basisPoints', /must be at least 1\b/],
      [{ kind: 'percentage', basisPoints: 10001 }, 'amount.basisPoints', /must be at most 10000\b/],
      [{ kind: 'percentage', basisPoints: 2.5 }, 'amount.basisPoints', /must be of type integer/],
      [{ kind: 'percentage' }, 'amount.basisPoints', /is required/],
      [{ kind: 'percentage', basisPoints: 2500, maximumCents: 0 }, 'amount.maximumCents', /must be at least 1\b/],
      [{ kind: 'fullBalance', maximumCents: 0 }, 'amount.maximumCents', /must be at least 1\b/],
      [{ kind: 'fullBalance', maximumCents: 100000000001 }, 'amount.maximumCents', /must be at most 100000000000\b/],
      [{ kind: 'fullBalance', amountCents: 100 }, 'amount.amountCents', /unknown field/],
      [{ kind: 'fixed', amountCents: 0 }, 'amount.amountCents', /must be at least 1\b/],
      [{ kind: 'fixed' }, 'amount.amountCents', /is required/],
      [{ kind: 'weekly' }, 'amount.kind', /must be one of/],
      [{}, 'amount.kind', /is required/],
    ];
    for (const [amount, field, rule] of cases) {
      await refusedWith(await home.post('/RecurringPayment/Setup', { ...base(), amount }), field, rule);
    }
    expect(await recurringSnapshot(db())).toEqual(before);
  });

  it('other body fields are named too: frequency, a date in another format, an auto-draft bank field', async () => {
    await refusedWith(await home.post('/RecurringPayment/Setup', { ...base(), frequency: 'weekly' }), 'frequency', /must be one of monthly, quarterly, yearly/);
    await refusedWith(await home.post('/RecurringPayment/Setup', { ...base(), startDate: '31/01/2026' }), 'startDate', /must be a valid date/);
    const before = await autoDraftSnapshot(db());
    await refusedWith(
      await paid.post('/AutoDraft/Setup', { accountNumber: '100235', startMonth: '2026-04', pullDay: 5, bank: { ...TEST_BANK_ENTRY, bankName: 'x'.repeat(101) } }),
      'bank.bankName',
      /must be at most 100 characters long/,
    );
    await refusedWith(await paid.post('/AutoDraft/Setup', { accountNumber: '100235', startMonth: '2026-04', pullDay: 29, bank: TEST_BANK_ENTRY }), 'pullDay', /must be at most 28\b/);
    expect(await autoDraftSnapshot(db())).toEqual(before);
  });
});
