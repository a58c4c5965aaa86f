// What each run of the debit notices (server/payments/recurring-notices.ts) reads and records, on
// PGlite and PostgreSQL, with schedules written straight into the database:
// - a schedule noticed once is not noticed again: it leaves the unnoticed set (the partial index
//   the walk reads, migration 210), so a run with nothing new to notice records nothing;
// - a schedule whose next date moves on is back in it and gets a notice for the new date; moved
//   back onto a date already noticed, it gets none and leaves the index again;
// - a paused schedule is not noticed; resumed, it is (once), and pausing and resuming again adds nothing;
// - a notice whose mail failed is sent again after the lease, once, and not before; not after its date.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, dataOf, signIn, testApp, useTestDatabase } from './helpers.ts';
import { api, associationId } from './billing-helpers.ts';
import { seedDueSchedules } from './recurring-helpers.ts';
import { endAssessmentSchedules } from './assessment-helpers.ts';
import { processDebitNotices } from '../../server/payments/recurring-notices.ts';
import type { Mailer, MailMessage } from '../../server/mail/index.ts';

describe.each(BACKENDS)('debit notices read only what is new on %s', (kind) => {
  const database = useTestDatabase(kind);
  // 10:00 EST on 2026-03-12: an occurrence on 2026-03-20 is within the 10 days.
  const now = new Date('2026-03-12T15:00:00Z');
  let app: FastifyInstance;
  let userId: number;
  let visa: number;
  let maple: number;
  let nextAccount = 820000;
  const db = () => database.current.db;

  /** A mailer that records what it is given and fails while `failing` is set. */
  function mailer() {
    const sent: MailMessage[] = [];
    const state = { failing: false };
    const m: Mailer = {
      kind: 'outbox',
      async send(message) {
        if (state.failing) throw new Error('mail server unreachable');
        sent.push(message);
      },
      link: (path) => `https://portal.example.org${path}`,
      close: async () => undefined,
    };
    return { mailer: m, sent, state };
  }

  async function seed(n: number, from: string, owedCents = 50000): Promise<string[]> {
    const firstAccount = nextAccount;
    nextAccount += n;
    return seedDueSchedules(db(), { n, firstAccount, associationId: maple, userId, methodId: visa, from, owedCents });
  }
  async function noticed(ids: string[]): Promise<string[]> {
    const { rows } = await db().query<{ key: string }>(
      `SELECT recurring_payment_id || ' ' || to_char(occurrence_date, 'YYYY-MM-DD') AS key FROM recurring_debit_notices WHERE recurring_payment_id = ANY($1::text[]) ORDER BY 1`,
      [ids],
    );
    return rows.map((r) => r.key);
  }
  /** The schedules among `ids` the walk reads: the predicate of recurring_payments_unnoticed_idx. */
  async function unnoticed(ids: string[]): Promise<string[]> {
    const { rows } = await db().query<{ id: string }>(
      `SELECT id FROM recurring_payments WHERE id = ANY($1::text[]) AND status = 'active' AND noticed_date IS DISTINCT FROM next_payment_date ORDER BY id`,
      [ids],
    );
    return rows.map((r) => r.id);
  }

  beforeAll(async () => {
    app = await testApp(db(), { sandboxProvider: true });
    await endAssessmentSchedules(db());
    const session = await signIn(app, DEMO.homeowner);
    userId = session.userId;
    maple = await associationId(db(), 'maplegrove');
    visa = (await dataOf(api(app, session.token).typed.listPaymentMethods(), 200)).paymentMethods[0].id;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    // Each test's schedules are the only ones active.
    await db().query(`UPDATE recurring_payments SET status = 'removed', removed_at = now() WHERE status <> 'removed'`);
  });

  it('a schedule noticed once is not noticed again: a run with nothing new records nothing', async () => {
    const due = await seed(4, '2026-03-20');
    const later = await seed(2, '2026-04-20');
    const { mailer: m } = mailer();
    expect(await processDebitNotices({ db: db(), mailer: m }, now)).toBe(4);
    expect(await noticed([...due, ...later])).toEqual(due.map((id) => `${id} 2026-03-20`));
    // Noticed: out of the walk's index; beyond the 10 days: still in it, not read before its time.
    expect(await unnoticed(due)).toEqual([]);
    expect(await unnoticed(later)).toEqual(later);
    expect(await processDebitNotices({ db: db(), mailer: m }, now)).toBe(0);
    expect(await processDebitNotices({ db: db(), mailer: m }, new Date(now.getTime() + 3_600_000))).toBe(0);
    expect(await noticed([...due, ...later])).toHaveLength(4);
  });

  it('a schedule whose next date moves on is noticed again for the new date, once', async () => {
    const [moved, kept] = await seed(2, '2026-03-20');
    const { mailer: m } = mailer();
    expect(await processDebitNotices({ db: db(), mailer: m }, now)).toBe(2);
    await db().query(`UPDATE recurring_payments SET next_payment_date = '2026-03-21' WHERE id = $1`, [moved]);
    expect(await unnoticed([moved, kept])).toEqual([moved]);
    expect(await processDebitNotices({ db: db(), mailer: m }, now)).toBe(1);
    expect(await processDebitNotices({ db: db(), mailer: m }, now)).toBe(0);
    expect(await noticed([moved, kept])).toEqual([`${moved} 2026-03-20`, `${moved} 2026-03-21`, `${kept} 2026-03-20`].sort());
    // Moved back onto a date already noticed: nothing new, and out of the walk again.
    await db().query(`UPDATE recurring_payments SET next_payment_date = '2026-03-20' WHERE id = $1`, [moved]);
    expect(await processDebitNotices({ db: db(), mailer: m }, now)).toBe(0);
    expect(await unnoticed([moved, kept])).toEqual([]);
    expect(await noticed([moved, kept])).toHaveLength(3);
  });

  it('a paused schedule is not noticed; resumed it is, once; paused and resumed again, not again', async () => {
    const [id] = await seed(1, '2026-03-20');
    const { mailer: m } = mailer();
    await db().query(`UPDATE recurring_payments SET status = 'paused' WHERE id = $1`, [id]);
    expect(await processDebitNotices({ db: db(), mailer: m }, now)).toBe(0);
    await db().query(`UPDATE recurring_payments SET status = 'active' WHERE id = $1`, [id]);
    expect(await processDebitNotices({ db: db(), mailer: m }, now)).toBe(1);
    await db().query(`UPDATE recurring_payments SET status = 'paused' WHERE id = $1`, [id]);
    await db().query(`UPDATE recurring_payments SET status = 'active' WHERE id = $1`, [id]);
    expect(await processDebitNotices({ db: db(), mailer: m }, now)).toBe(0);
    expect(await noticed([id])).toEqual([`${id} 2026-03-20`]);
  });

  it('a notice whose mail failed is sent again after a minute, once', async () => {
    // Owing less than the fixed amount: the amount differs, the homeowner is e-mailed.
    const [id] = await seed(1, '2026-03-20', 4000);
    const { mailer: m, sent, state } = mailer();
    state.failing = true;
    expect(await processDebitNotices({ db: db(), mailer: m }, now)).toBe(1);
    const unsent = async () =>
      (await db().query<{ n: string | number }>(`SELECT count(*) AS n FROM recurring_debit_notices WHERE recurring_payment_id = $1 AND sent_at IS NULL`, [id])).rows[0].n;
    expect(Number(await unsent())).toBe(1);
    state.failing = false;
    // Within the lease: not taken again.
    await processDebitNotices({ db: db(), mailer: m }, new Date(now.getTime() + 30_000));
    expect(sent).toHaveLength(0);
    await processDebitNotices({ db: db(), mailer: m }, new Date(now.getTime() + 120_000));
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toMatch(/will charge \$40\.00/);
    expect(Number(await unsent())).toBe(0);
    await processDebitNotices({ db: db(), mailer: m }, new Date(now.getTime() + 300_000));
    expect(sent).toHaveLength(1);
  });

  it('a notice whose mail failed is not sent once its date has passed', async () => {
    const [id] = await seed(1, '2026-03-20', 4000);
    const { mailer: m, sent, state } = mailer();
    state.failing = true;
    expect(await processDebitNotices({ db: db(), mailer: m }, now)).toBe(1);
    state.failing = false;
    // 21 March: the occurrence is past (and its schedule, never charged here, still due on the 20th: noticed already).
    await processDebitNotices({ db: db(), mailer: m }, new Date('2026-03-21T15:00:00Z'));
    expect(sent).toHaveLength(0);
    expect(await noticed([id])).toEqual([`${id} 2026-03-20`]);
  });
});
