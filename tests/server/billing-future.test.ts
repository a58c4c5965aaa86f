// Future-dated one-time payments through HTTP with the sandbox provider, on PGlite and PostgreSQL:
// setup and confirm, the duplicate warning for the same date, filters, update and cancel until
// processed (the 8:00 pm cutoff the day before: billing-future-cutoff.test.ts), ownership (404, nothing written), processing on the date exactly once (also with two
// instances running the due work at once, and 131 due at once charged by both instances' workers), a declined card, and removing a saved method cancels
// the future payments tied to it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openPostgres, type Db } from '../../server/db/index.ts';
import { BACKENDS, DEMO, call, count, createTestClock, expectErrorShape, signIn, testApp, useTestDatabase, expectStatus, dataOf } from './helpers.ts';
import { balance, paymentEntries, sandboxCharges, subLedgerId } from './payments-helpers.ts';
import { api, associationId, paymentStatus, saveMethod, snapshot, type Api } from './billing-helpers.ts';

const DAY = 24 * 3600 * 1000;

describe.each(BACKENDS)('billing: future payments on %s', (kind) => {
  const database = useTestDatabase(kind);
  // 15:00 UTC = 10:00 in New York: "today" is 2026-03-02 there.
  const clock = createTestClock(new Date('2026-03-02T15:00:00Z'));
  let app: FastifyInstance;
  let home: Api;
  let paid: Api;
  let visaId: number;
  let maple: number;
  let assessments: number; // 100234 Assessments, $200.00
  let cedar: number; // 200411 Assessments, $2,450.00
  async function signInBoth() {
    home = api(app, (await signIn(app, DEMO.homeowner)).token);
    paid = api(app, (await signIn(app, DEMO.paid)).token);
  }
  /** The app clock's date in New York, plus days. */
  async function dateIn(days: number): Promise<string> {
    const now = new Date((await call(app, 'GET', '/dev/clock')).json.now);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(now);
    return new Date(Date.parse(`${today}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);
  }
  async function advanceDays(days: number) {
    const res = await call(app, 'POST', '/dev/clock/advance', { body: { days } });
    expectStatus(res, 200);
    await signInBoth();
  }
  async function schedule(client: Api, body: { subLedgerId: number; amountCents: number; paymentMethodId: number; scheduledDate: string }) {
    const setup = await client.post('/FuturePayment/Setup', body);
    expectStatus(setup, 201);
    const confirmed = await client.put(`/FuturePayment/Setup/${setup.json.futurePaymentId}/Confirm`);
    expectStatus(confirmed, 200);
    return { setup: setup.json, confirmed: confirmed.json };
  }
  const future = async (id: string) => ((await dataOf(home.typed.listFuturePayments(), 200)).futurePayments as { futurePaymentId: string }[]).find((f) => f.futurePaymentId === id) as Record<string, unknown>;

  beforeAll(async () => {
    app = await testApp(database.current.db, { clock: clock.now, sandboxProvider: true });
    await signInBoth();
    visaId = (await dataOf(home.typed.listPaymentMethods(), 200)).paymentMethods[0].id;
    maple = await associationId(db(), 'maplegrove');
    assessments = await subLedgerId(db(), '100234');
    cedar = await subLedgerId(db(), '200411');
    // The demo's recurring payment at Cedar Point (3 days after the seed) is not this file's: it would add a charge on 5 March.
    await db().query(`UPDATE recurring_payments SET status = 'removed', removed_at = now() WHERE status <> 'removed'`);
  });
  afterAll(async () => {
    await app?.close();
  });
  const db = () => database.current.db;

  it('sets up and confirms a future payment; lists it with its flags; the same date again warns', async () => {
    const date = await dateIn(3);
    expect(date).toBe('2026-03-05');
    const setup = await home.typed.setupFuturePayment({ subLedgerId: assessments, amountCents: 5000, paymentMethodId: visaId, scheduledDate: date }, { headers: { 'idempotency-key': 'f-1' } });
    expectStatus(setup, 201);
    expect(setup.data).toEqual({ futurePaymentId: expect.stringMatching(/^pay_/), scheduledDate: date, amountCents: 5000, feeCents: 148, totalCents: 5148, duplicateWarning: false });
    // Not listed (and not counted on the method) until confirmed.
    expect((await dataOf(home.typed.listFuturePayments(), 200)).futurePayments).toEqual([]);
    const confirmed = await home.typed.confirmFuturePayment(setup.data.futurePaymentId);
    expectStatus(confirmed, 200);
    expect(confirmed.data).toEqual({ futurePaymentId: setup.data.futurePaymentId, scheduledDate: date, status: 'scheduled', amountCents: 5000, feeCents: 148, totalCents: 5148, method: { kind: 'card', brand: 'visa', last4: '4242' } });
    expect(JSON.stringify((await home.typed.confirmFuturePayment(setup.data.futurePaymentId)).data)).toBe(JSON.stringify(confirmed.data));
    expect(await sandboxCharges(db())).toBe(0);
    expect(await count(db(), 'ledger_entries')).toBe(25); // the demo's, none written by Confirm

    expect(await future(setup.data.futurePaymentId)).toEqual({
      futurePaymentId: setup.data.futurePaymentId,
      subLedgerId: assessments,
      accountNumber: '100234',
      scheduledDate: date,
      amountCents: 5000,
      feeCents: 148,
      totalCents: 5148,
      method: { kind: 'card', brand: 'visa', last4: '4242' },
      paymentMethodId: visaId,
      cancelled: false,
      processed: false,
      status: 'scheduled',
      // 8:00 pm EST the day before (tests/server/billing-future-cutoff.test.ts).
      changeableUntil: '2026-03-05T01:00:00.000Z',
      changeable: true,
    });
    expect((await dataOf(home.typed.getPaymentMethod(visaId), 200)).scheduledPaymentCount).toBe(1);
    expect((await dataOf(home.typed.listPayments(), 200)).payments).toEqual([
      expect.objectContaining({ paymentId: setup.data.futurePaymentId, kind: 'future', scheduledDate: date, status: 'scheduled', confirmationNumber: null }),
    ]);

    // Another payment for the same date: the duplicate warning (the payer may continue).
    const second = await home.typed.setupFuturePayment({ subLedgerId: assessments, amountCents: 1000, paymentMethodId: visaId, scheduledDate: date });
    expectStatus(second, 201);
    expect(second.data.duplicateWarning).toBe(true);
    expect((await dataOf(home.typed.setupFuturePayment({ subLedgerId: assessments, amountCents: 1000, paymentMethodId: visaId, scheduledDate: await dateIn(4) }), 201)).duplicateWarning).toBe(false);
  });

  it('refuses today, past and malformed dates, foreign methods and other users’ ids, writing nothing', async () => {
    const before = await snapshot(db());
    const body = { subLedgerId: assessments, amountCents: 1000, paymentMethodId: visaId };
    expectErrorShape(await home.typed.setupFuturePayment({ ...body, scheduledDate: await dateIn(0) }), 400, 'VAL001');
    expectErrorShape(await home.typed.setupFuturePayment({ ...body, scheduledDate: await dateIn(-1) }), 400, 'VAL001');
    expectErrorShape(await home.typed.setupFuturePayment({ ...body, scheduledDate: '2026-13-01' }), 400, 'VAL001');
    expectErrorShape(await home.typed.setupFuturePayment({ ...body, scheduledDate: await dateIn(2), amountCents: 0 }), 422, 'PAY003');
    expectErrorShape(await home.typed.setupFuturePayment({ ...body, scheduledDate: await dateIn(2), amountCents: 20001 }), 422, 'PAY001');
    expectErrorShape(await home.typed.setupFuturePayment({ ...body, subLedgerId: cedar, scheduledDate: await dateIn(2) }), 409, 'PM002');
    expectErrorShape(await paid.typed.setupFuturePayment({ ...body, scheduledDate: await dateIn(2) }), 404, 'GP002');
    expectErrorShape(await paid.typed.setupFuturePayment({ ...body, subLedgerId: await subLedgerId(db(), '100235'), scheduledDate: await dateIn(2) }), 404, 'PM001');
    const mine = (await dataOf(home.typed.listFuturePayments(), 200)).futurePayments[0].futurePaymentId;
    expectErrorShape(await paid.typed.confirmFuturePayment(mine), 404, 'PAY009');
    expectErrorShape(await paid.typed.updateFuturePayment(mine, { amountCents: 100 }), 404, 'PAY009');
    expectErrorShape(await paid.typed.cancelFuturePayment(mine), 404, 'PAY009');
    expectErrorShape(await paid.typed.listFuturePayments({ subLedgerId: assessments }), 404, 'GP002');
    expectErrorShape(await paid.typed.listFuturePayments({ accountNumber: '100234' }), 404, 'GP002');
    expect((await paid.typed.listFuturePayments()).data).toEqual({ futurePayments: [] });
    // A future payment is not confirmed, changed or cancelled through /Payment/Setup.
    expectErrorShape(await home.typed.confirmPayment(mine, {}), 404, 'PAY009');
    expectErrorShape(await home.typed.cancelPaymentSetup(mine), 404, 'PAY009');
    expect(await snapshot(db())).toEqual(before);
  });

  it('filters by account, sub-ledger, dates (inclusive and strict), cancelled and processed', async () => {
    const d3 = await dateIn(3);
    const d6 = await dateIn(6);
    const later = await schedule(home, { subLedgerId: assessments, amountCents: 700, paymentMethodId: visaId, scheduledDate: d6 });
    const ids = async (query: string) => ((await home.get(`/FuturePayment${query}`)).json.futurePayments as { futurePaymentId: string; scheduledDate: string }[]).map((f) => f.scheduledDate);
    expect(await ids('')).toEqual([d3, d6]);
    expect(await ids(`?scheduledDate.after=${d3}`)).toEqual([d3, d6]);
    expect(await ids(`?scheduledDate.strictlyAfter=${d3}`)).toEqual([d6]);
    expect(await ids(`?scheduledDate.before=${d6}`)).toEqual([d3, d6]);
    expect(await ids(`?scheduledDate.strictlyBefore=${d6}`)).toEqual([d3]);
    expect(await ids('?accountNumber=100234&cancelled=false&processed=false')).toEqual([d3, d6]);
    expect(await ids(`?subLedgerId=${assessments}&processed=true`)).toEqual([]);
    expect(await ids('?cancelled=true')).toEqual([]);
    expectErrorShape(await home.typed.listFuturePayments({ 'scheduledDate.after': 'tomorrow' }), 400, 'VAL001');
    expectErrorShape(await home.get('/FuturePayment?cancelled=maybe'), 400, 'VAL001'); // not a boolean: untyped

    // Update (fee recomputed; a bank method of the same association) and cancel until processed.
    const bank = await saveMethod(app, home, maple, 'bankSettles');
    const updated = await home.typed.updateFuturePayment(later.setup.futurePaymentId, { amountCents: 900, scheduledDate: await dateIn(7), paymentMethodId: bank.id });
    expectStatus(updated, 200);
    expect(updated.data).toMatchObject({ scheduledDate: await dateIn(7), amountCents: 900, feeCents: 150, totalCents: 1050, method: { kind: 'bank', last4: '6789' }, paymentMethodId: bank.id, status: 'scheduled' });
    expectErrorShape(await home.typed.updateFuturePayment(later.setup.futurePaymentId, { scheduledDate: await dateIn(0) }), 400, 'VAL001');
    const cancelled = await home.typed.cancelFuturePayment(later.setup.futurePaymentId);
    expectStatus(cancelled, 204);
    expect((await home.typed.cancelFuturePayment(later.setup.futurePaymentId)).status).toBe(204);
    expect(await ids('?cancelled=true')).toEqual([await dateIn(7)]);
    expect(await future(later.setup.futurePaymentId)).toMatchObject({ cancelled: true, processed: false, status: 'cancelled' });
    expectErrorShape(await home.typed.updateFuturePayment(later.setup.futurePaymentId, { amountCents: 100 }), 409, 'PAY008');
    expectErrorShape(await home.typed.confirmFuturePayment(later.setup.futurePaymentId), 409, 'PAY008');
  });

  it('removing a saved method cancels the future payments tied to it, in one go', async () => {
    const card = await saveMethod(app, home, maple, 'mastercard');
    const a = await schedule(home, { subLedgerId: assessments, amountCents: 300, paymentMethodId: card.id, scheduledDate: await dateIn(2) });
    const b = await schedule(home, { subLedgerId: await subLedgerId(db(), '100234', 'Late fees'), amountCents: 400, paymentMethodId: card.id, scheduledDate: await dateIn(5) });
    const pendingSetup = await home.typed.setupFuturePayment({ subLedgerId: assessments, amountCents: 100, paymentMethodId: card.id, scheduledDate: await dateIn(5) });
    expectStatus(pendingSetup, 201);
    expect((await dataOf(home.typed.getPaymentMethod(card.id), 200)).scheduledPaymentCount).toBe(2);
    const removed = await home.typed.deletePaymentMethod(card.id);
    expectStatus(removed, 200);
    expect(removed.data).toEqual({ deactivatedScheduledPayments: 2 });
    for (const id of [a.setup.futurePaymentId, b.setup.futurePaymentId]) expect(await future(id)).toMatchObject({ cancelled: true, status: 'cancelled' });
    expect(await paymentStatus(db(), pendingSetup.data.futurePaymentId)).toBe('cancelled');
    // The other method's payment is untouched.
    expect((await dataOf(home.typed.listFuturePayments({ cancelled: false }), 200)).futurePayments.map((f: { amountCents: number }) => f.amountCents)).toEqual([5000]);
  });

  it('charges a future payment on its date exactly once, through POST /dev/clock/advance', async () => {
    const id = ((await dataOf(home.typed.listFuturePayments({ cancelled: false }), 200)).futurePayments[0] as { futurePaymentId: string }).futurePaymentId;
    const before = await balance(db(), assessments);
    await advanceDays(2); // 2026-03-04: not due yet
    expect(await paymentStatus(db(), id)).toBe('scheduled');
    expect(await sandboxCharges(db())).toBe(0);
    await advanceDays(1); // 2026-03-05: due
    expect(await paymentStatus(db(), id)).toBe('succeeded');
    expect(await sandboxCharges(db())).toBe(1);
    expect(await paymentEntries(db(), id)).toEqual([{ kind: 'payment', amount: -5000 }]);
    expect(await balance(db(), assessments)).toBe(before - 5000);
    const processed = await future(id);
    expect(processed).toMatchObject({ status: 'succeeded', processed: true, cancelled: false, confirmationNumber: expect.stringMatching(/^CP-/) });
    // The receipt, as for a payment made today.
    expect(await count(db(), 'mail_outbox')).toBeGreaterThan(0);
    const mail = await db().query('SELECT 1 FROM mail_outbox WHERE subject = $1', [`Payment confirmation ${processed.confirmationNumber}`]);
    expect(mail.rows).toHaveLength(1);
    // Running the due work again (same day, later) does nothing more.
    await app.services.jobs.runDueWork();
    await advanceDays(1);
    expect(await sandboxCharges(db())).toBe(1);
    expect(await paymentEntries(db(), id)).toHaveLength(1);
    // Processed: no more changes.
    expectErrorShape(await home.typed.updateFuturePayment(id, { amountCents: 100 }), 409, 'PAY008');
    expectErrorShape(await home.typed.cancelFuturePayment(id), 409, 'PAY008');
    const listed = (await dataOf(home.typed.listPayments(), 200)).payments.find((p: { paymentId: string }) => p.paymentId === id);
    expect(listed).toMatchObject({ kind: 'future', status: 'succeeded', confirmationNumber: processed.confirmationNumber });
  });

  it('two instances running the due work at once charge a due payment once', async () => {
    let pool: Db | null = null;
    if (kind === 'postgres') pool = await openPostgres(database.current.url!, 4);
    const second = await testApp(pool ?? db(), { clock: clock.now, sandboxProvider: true });
    try {
      const s = await schedule(home, { subLedgerId: cedar, amountCents: 10000, paymentMethodId: (await saveMethod(app, home, await associationId(db(), 'cedarpoint'), 'visa')).id, scheduledDate: await dateIn(1) });
      const charges = await sandboxCharges(db());
      clock.advance(DAY);
      const reports = await Promise.all([app.services.jobs.runDueWork(), second.services.jobs.runDueWork(), app.services.jobs.runDueWork(), second.services.jobs.runDueWork()]);
      for (const r of reports) expect(r.failed).toEqual({});
      expect(reports.reduce((sum, r) => sum + (r.ran['payments.future'] ?? 0), 0)).toBe(1);
      expect(await sandboxCharges(db())).toBe(charges + 1);
      expect(await paymentStatus(db(), s.setup.futurePaymentId)).toBe('succeeded');
      expect(await paymentEntries(db(), s.setup.futurePaymentId)).toEqual([{ kind: 'payment', amount: -10000 }]);
    } finally {
      await second.close();
      await pool?.close();
    }
    await signInBoth();
  });

  it('many due at once: the workers of two instances (4 each on PostgreSQL) charge each once', async () => {
    let pool: Db | null = null;
    if (kind === 'postgres') pool = await openPostgres(database.current.url!, 10);
    const second = await testApp(pool ?? db(), { clock: clock.now, sandboxProvider: true, dueWorkConcurrency: 4 });
    try {
      const visa = (await saveMethod(app, home, await associationId(db(), 'cedarpoint'), 'visa')).id;
      const s = await schedule(home, { subLedgerId: cedar, amountCents: 100, paymentMethodId: visa, scheduledDate: await dateIn(1) });
      // 130 more like it (more than two claims of 50), written straight into the database.
      const { rows } = await db().query<{ id: string }>(
        `INSERT INTO payments SELECT (jsonb_populate_record(NULL::payments, to_jsonb(p) || jsonb_build_object('id', 'pay_many' || lpad(g::text, 12, '0')))).*
           FROM payments p, generate_series(1, 130) g WHERE p.id = $1 RETURNING id`,
        [s.setup.futurePaymentId],
      );
      const ids = [s.setup.futurePaymentId, ...rows.map((r) => r.id)];
      const charges = await sandboxCharges(db());
      clock.advance(DAY);
      const reports = await Promise.all([app.services.jobs.runDueWork(), second.services.jobs.runDueWork()]);
      for (const r of reports) expect(r.failed).toEqual({});
      expect(reports.reduce((sum, r) => sum + (r.ran['payments.future'] ?? 0), 0)).toBe(ids.length);
      expect(await sandboxCharges(db())).toBe(charges + ids.length);
      const { rows: done } = await db().query<{ status: string; entries: string | number }>(
        `SELECT p.status, (SELECT count(*) FROM ledger_entries e WHERE e.payment_id = p.id) AS entries FROM payments p WHERE p.id = ANY($1::text[])`,
        [ids],
      );
      expect(done).toHaveLength(ids.length);
      for (const d of done) expect([d.status, Number(d.entries)]).toEqual(['succeeded', 1]);
    } finally {
      await second.close();
      await pool?.close();
    }
    await signInBoth();
  });

  it('a declined card: status declined, processed, no ledger entry', async () => {
    const declining = await saveMethod(app, home, maple, 'declined');
    const s = await schedule(home, { subLedgerId: assessments, amountCents: 1500, paymentMethodId: declining.id, scheduledDate: await dateIn(1) });
    const entries = await count(db(), 'ledger_entries');
    await advanceDays(1);
    expect(await future(s.setup.futurePaymentId)).toMatchObject({ status: 'declined', processed: true, cancelled: false });
    expect((await future(s.setup.futurePaymentId)).confirmationNumber).toBeUndefined();
    expect(await paymentEntries(db(), s.setup.futurePaymentId)).toEqual([]);
    expect(await count(db(), 'ledger_entries')).toBe(entries);
  });
});
