// What an auto-draft enrollment tells the homeowner of its drafting: "Last draft" is the last draft
// that went through (lastSuccessfulDraft); a draft returned after it is the latest attempt only
// (lastDraft), told on its own line. With the sandbox provider's banks, on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, createTestClock, signIn, testApp, useTestDatabase } from './helpers.ts';
import { api, type Api } from './billing-helpers.ts';
import { TEST_BANK_ENTRY, changeAgreed, setAccountBalance } from './auto-draft-helpers.ts';
import { endAssessmentSchedules } from './assessment-helpers.ts';
import { TEST_BANK_ACCOUNTS } from '../../server/sandbox-provider/test-numbers.ts';

describe.each(BACKENDS)('auto-draft lists on %s', (kind) => {
  const database = useTestDatabase(kind);
  // Monday 2 March 2026, 10:00 in New York.
  const clock = createTestClock(new Date('2026-03-02T15:00:00Z'));
  let app: FastifyInstance;
  let paid: Api;
  const db = () => database.current.db;

  let signIns = 0;
  async function at(date: string) {
    clock.set(new Date(`${date}T15:00:00Z`));
    paid = api(app, (await signIn(app, DEMO.paid, `198.51.100.${++signIns}`)).token);
  }
  async function run() {
    const report = await app.services.jobs.runDueWork();
    expect(report.failed).toEqual({});
  }
  async function listed(id: string) {
    return (await paid.get('/AutoDraft')).json.autoDraftEnrollments.find((e: { autoDraftId: string }) => e.autoDraftId === id);
  }

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now, sandboxProvider: true });
    // Balances here are the suite's own: the demo's monthly assessments do not post as the clock moves on.
    await endAssessmentSchedules(db());
    await at('2026-03-02');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a returned draft is the latest attempt, not the last draft, which stays the one that went through', async () => {
    await setAccountBalance(db(), '100235', 0);
    const setup = await paid.post('/AutoDraft/Setup', { accountNumber: '100235', startMonth: '2026-04', pullDay: 6, bank: TEST_BANK_ENTRY });
    expect(setup.status, setup.body).toBe(201);
    const id = setup.json.autoDraft.autoDraftId as string;
    const confirmed = await paid.put('/AutoDraft/Setup/Confirm', { autoDraftId: id });
    expect(confirmed.status, confirmed.body).toBe(200);
    expect(confirmed.json.lastDraft).toBeUndefined();
    expect(confirmed.json.lastSuccessfulDraft).toBeUndefined();

    // April's draft is debited on the 6th and settles three business days later.
    await setAccountBalance(db(), '100235', 20000);
    await at('2026-04-06');
    await run();
    const drafted = await listed(id);
    expect(drafted.lastDraft).toMatchObject({ date: '2026-04-06', amountCents: 20000, status: 'pending' });
    expect(drafted.lastSuccessfulDraft).toBeUndefined();
    await at('2026-04-10');
    await run();
    const settled = await listed(id);
    expect(settled.lastDraft).toMatchObject({ date: '2026-04-06', amountCents: 20000, status: 'succeeded' });
    expect(settled.lastSuccessfulDraft).toEqual({ date: '2026-04-06', amountCents: 20000 });

    // From a bank account that returns its debits: May's draft is returned for insufficient funds.
    const returning = { ...TEST_BANK_ENTRY, bankAccountNumber: TEST_BANK_ACCOUNTS.returned.accountNumber, bankAccountNumberConfirmation: TEST_BANK_ACCOUNTS.returned.accountNumber };
    const rebanked = await changeAgreed(paid, id, { bank: returning });
    expect(rebanked.status, rebanked.body).toBe(200);
    await setAccountBalance(db(), '100235', 15000);
    await at('2026-05-06');
    await run();
    await at('2026-05-11');
    await run();
    const returned = await listed(id);
    expect(returned.lastDraft).toMatchObject({ date: '2026-05-06', amountCents: 15000, status: 'returned' });
    expect(returned.lastSuccessfulDraft).toEqual({ date: '2026-04-06', amountCents: 20000 });
  });
});
