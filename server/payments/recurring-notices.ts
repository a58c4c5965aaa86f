// Notices of a debit that differs (table recurring_debit_notices, migration 080): the due work
// 'payments.recurring-notices' records, for every active schedule (a recurring payment, or the
// child schedule of an auto-draft enrollment) whose next occurrence is NOTICE_DAYS days away or
// closer (America/New_York dates, app clock), the amount that occurrence will charge: the amount
// rule applied to what is owed now. One row per occurrence (the unique key makes it once across
// instances and runs), whether or not the amount differs: the row is what fixes the amount. The
// homeowner is e-mailed when it differs from the last payment's amount (or, without a last payment,
// when the rule is not a fixed amount or the fixed amount is capped by the balance).
//
// On the date, the claim (recurring-claim.ts) charges min(noticed amount, owed then)
// (noticedCharge): charges posted after the notice wait for the next payment, and a payment made
// meanwhile lowers it. An occurrence without a notice (a schedule set up, or moved, less than
// NOTICE_DAYS before it) is charged as before; so is one whose amount rule changed after the notice
// (a new rule is a new authorization, itself mailed to the homeowner).
import type { Db, Queryable } from '../db/index.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/index.ts';
import { ownerDate } from '../../flows/dates.ts';
import { addDays, appDate } from './billing.ts';
import { allWorkers, eachConcurrently } from './concurrent.ts';
import { amountRuleOf, chargeFor, money, type AmountColumns } from './recurring-amount.ts';
import { OWED_CENTS_SQL, RECURRING_SELECT } from './recurring-store.ts';
import type { RecurringRow } from './recurring-row.ts';

export const RECURRING_NOTICES_DUE_WORK = 'payments.recurring-notices';
/** Days before an occurrence its amount is noticed (and fixed). */
export const NOTICE_DAYS = 10;
/** A notice taken for sending but not marked sent after this long is sent again. */
const SEND_LEASE_MS = 60_000;
/** Schedules read per page of the walk, and noticed per transaction. */
const BATCH = 200;
/** Mails sent at once by one run. */
const SEND_CONCURRENCY = 8;

export interface NoticeDeps {
  db: Db;
  mailer: Mailer | null;
  log?: Logger;
  /** Workers recording notices at once (default 1; one connection each). */
  concurrency?: number;
  /** Stop recording after this long and return (the rest is left to the next run); default: until done. */
  sliceMs?: number;
}

type NoticeSchedule = RecurringRow;

/** What the homeowner is told (and what the portal shows, word for word). */
export function noticeText(r: NoticeSchedule, occurrenceDate: string, amountCents: number): string {
  const what = r.auto_draft_id ? 'auto-draft' : 'recurring payment';
  const on = ownerDate(occurrenceDate);
  const where = `account ${r.account_number} (${r.sub_ledger_name}) at ${r.association_name}`;
  const method = r.method_kind === 'bank' ? `bank account ending in ${r.method_last4}` : `card ending in ${r.method_last4}`;
  const previous = r.paid_amount_cents !== null ? ` Your last payment, on ${ownerDate(r.paid_date)}, was ${money(Number(r.paid_amount_cents))}.` : '';
  const first =
    amountCents > 0
      ? `Your ${what} for ${where} will charge ${money(amountCents)} to your ${method} on ${on}.${previous}`
      : `Nothing is owed on ${where}: your ${what} will charge nothing on ${on}.${previous}`;
  return [
    first,
    `Charges posted to the account after this notice are not included: they wait for the next payment.`,
    amountCents > 0 ? `A payment you make before ${on} lowers this charge; it is never more than the balance due.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

function noticeSubject(r: { auto_draft_id: string | null; account_number: string }, occurrenceDate: string): string {
  return `Your next ${r.auto_draft_id ? 'auto-draft' : 'recurring payment'} for account ${r.account_number} on ${ownerDate(occurrenceDate)}`;
}

/**
 * Whether the homeowner is told: something is due (nothing due is neither drafted nor announced) and
 * it differs from the last payment that succeeded (or from the fixed amount when there is none).
 */
function differs(r: NoticeSchedule, amountCents: number): boolean {
  if (amountCents === 0) return false;
  if (r.paid_amount_cents !== null) return Number(r.paid_amount_cents) !== amountCents;
  const rule = amountRuleOf(r);
  return rule.kind !== 'fixed' || rule.amountCents !== amountCents;
}

interface Recorded extends Mailed {
  emailed: boolean;
}

/** A notice as it is mailed: its text, and a link to where the portal shows it (the account's payment consent page). */
interface Mailed {
  id: number;
  to: string | null;
  subject: string;
  text: string;
  accountNumber: string;
}

/**
 * Records the notices of the given schedules' next occurrences, in one transaction under their row
 * locks (SKIP LOCKED: a schedule being charged, or noticed by another worker or instance, is looked
 * at again on the next run), one INSERT for all (the unique key makes each once). Returns those
 * recorded (a schedule no longer due for one, or already noticed, has none).
 */
async function recordNotices(db: Db, ids: string[], horizon: string, now: Date): Promise<Recorded[]> {
  return db.transaction(async (tx) => {
    const locked = await tx.query<{ id: string }>(
      `SELECT id FROM recurring_payments WHERE id = ANY($1::text[]) AND status = 'active' AND next_payment_date <= $2::date ORDER BY id FOR UPDATE SKIP LOCKED`,
      [ids, horizon],
    );
    if (!locked.rows.length) return [];
    const { rows } = await tx.query<NoticeSchedule & { owed: string | number }>(
      `SELECT q.*, ${OWED_CENTS_SQL} AS owed
         FROM (${RECURRING_SELECT} WHERE r.id = ANY($1::text[])) q JOIN sub_ledgers sl ON sl.id = q.sub_ledger_id`,
      [locked.rows.map((r) => r.id)],
    );
    const drafts = rows.map((r) => {
      const amountCents = chargeFor(amountRuleOf(r), Number(r.owed));
      return { r, amountCents, emailed: differs(r, amountCents) && r.user_email !== null, text: noticeText(r, r.next_payment_date, amountCents) };
    });
    const inserted = await tx.query<{ id: number; recurring_payment_id: string }>(
      `INSERT INTO recurring_debit_notices (recurring_payment_id, occurrence_date, user_id, amount_cents, previous_amount_cents, amount_kind, rule_amount_cents,
                                            basis_points, maximum_cents, text, emailed, send_attempted_at, created_at)
       SELECT v.id, v.occurrence_date, v.user_id, v.amount_cents, v.previous_amount_cents, v.amount_kind, v.rule_amount_cents, v.basis_points, v.maximum_cents,
              v.text, v.emailed, CASE WHEN v.emailed THEN $12::timestamptz END, $12
         FROM unnest($1::text[], $2::date[], $3::integer[], $4::bigint[], $5::bigint[], $6::text[], $7::bigint[], $8::integer[], $9::bigint[], $10::text[], $11::boolean[])
                AS v(id, occurrence_date, user_id, amount_cents, previous_amount_cents, amount_kind, rule_amount_cents, basis_points, maximum_cents, text, emailed)
       ON CONFLICT (recurring_payment_id, occurrence_date) DO NOTHING RETURNING id, recurring_payment_id`,
      [
        drafts.map((d) => d.r.id),
        drafts.map((d) => d.r.next_payment_date),
        drafts.map((d) => d.r.user_id),
        drafts.map((d) => d.amountCents),
        drafts.map((d) => d.r.paid_amount_cents),
        drafts.map((d) => d.r.amount_kind),
        drafts.map((d) => d.r.amount_cents),
        drafts.map((d) => d.r.basis_points),
        drafts.map((d) => d.r.maximum_cents),
        drafts.map((d) => d.text),
        drafts.map((d) => d.emailed),
        now,
      ],
    );
    // Every locked schedule now has its next date noticed (recorded here or before): the walk passes it over until that date moves on.
    await tx.query(`UPDATE recurring_payments SET noticed_date = next_payment_date WHERE id = ANY($1::text[])`, [rows.map((r) => r.id)]);
    const byId = new Map(drafts.map((d) => [d.r.id, d]));
    return inserted.rows.map(({ id, recurring_payment_id }) => {
      const { r, emailed, text } = byId.get(recurring_payment_id)!;
      return { id: Number(id), emailed, to: r.user_email, subject: noticeSubject(r, r.next_payment_date), text, accountNumber: r.account_number };
    });
  });
}

async function send(deps: NoticeDeps, notice: Mailed, now: Date): Promise<void> {
  if (!deps.mailer || !notice.to) return;
  // The stored text is what the portal shows; the mail adds where to see (and confirm) it.
  const text = [notice.text, '', `See it in the portal: ${deps.mailer.link('/billing/payment-consent', { accountNumber: notice.accountNumber })}`].join('\n');
  try {
    await deps.mailer.send({ to: notice.to, subject: notice.subject, text });
    await deps.db.query(`UPDATE recurring_debit_notices SET sent_at = $2 WHERE id = $1 AND sent_at IS NULL`, [notice.id, now]);
  } catch (error) {
    deps.log?.warn({ err: error, debitNoticeId: notice.id }, 'a notice of an upcoming debit could not be sent (it is sent again on a later run)');
  }
}

/**
 * Sends again the notices whose sending failed or was left by a crashed process (their date not
 * past). Through the unsent index (occurrence date, send_attempted_at; only notices not sent, so
 * one whose date passed unsent is never read again): the rows are picked once (MATERIALIZED, so
 * LIMIT holds), the soonest occurrence first.
 */
async function resendUnsent(deps: NoticeDeps, now: Date): Promise<void> {
  const { rows } = await deps.db.query<{ id: number; to: string | null; account_number: string; auto_draft_id: string | null; occurrence_date: string; text: string }>(
    `WITH picked AS MATERIALIZED (
       SELECT id FROM recurring_debit_notices
        WHERE emailed AND sent_at IS NULL AND send_attempted_at < $2 AND occurrence_date >= $3::date
        ORDER BY occurrence_date, send_attempted_at LIMIT 100 FOR UPDATE SKIP LOCKED),
     taken AS (
       UPDATE recurring_debit_notices n SET send_attempted_at = $1 FROM picked
        WHERE n.id = picked.id AND n.sent_at IS NULL AND n.send_attempted_at < $2
       RETURNING n.id, n.recurring_payment_id, n.occurrence_date, n.text)
     SELECT t.id, u.email AS to, ac.account_number, r.auto_draft_id, to_char(t.occurrence_date, 'YYYY-MM-DD') AS occurrence_date, t.text
       FROM taken t JOIN recurring_payments r ON r.id = t.recurring_payment_id JOIN users u ON u.id = r.user_id
       JOIN sub_ledgers sl ON sl.id = r.sub_ledger_id JOIN accounts ac ON ac.id = sl.account_id`,
    [now, new Date(now.getTime() - SEND_LEASE_MS), appDate(now)],
  );
  for (const n of rows) await send(deps, { id: Number(n.id), to: n.to, subject: noticeSubject(n, n.occurrence_date), text: n.text, accountNumber: n.account_number }, now);
}

interface DueSchedule {
  id: string;
  next_payment_date: string;
}

/**
 * Records (and mails) the notices due at `now`; returns how many were recorded. The schedules are
 * walked in the order of the unnoticed index (next date, id; only active schedules whose next date
 * is not the one last noticed, recurring_payments.noticed_date, migration 210), each page starting
 * after the last schedule of the one before, so a page reads only the schedules it returns however
 * many came before, and a run with nothing new to notice reads nothing but the index's few entries
 * within NOTICE_DAYS. `concurrency` workers take the pages in turn, each recording its page in one
 * transaction (which sets noticed_date) and mailing what differs (SEND_CONCURRENCY at once). With
 * sliceMs, stops taking pages after that long: the next run walks again from the start (the
 * schedules noticed have left the index). A schedule moved back onto a date noticed before is
 * read once more: the notice's unique key records nothing new, and noticed_date takes it out.
 */
export async function processDebitNotices(deps: NoticeDeps, now: Date): Promise<number> {
  return (await recordDueNotices(deps, now)).recorded;
}

/** processDebitNotices, and whether it stopped on its slice before the end (more may be due). */
export async function recordDueNotices(deps: NoticeDeps, now: Date): Promise<{ recorded: number; more: boolean }> {
  await resendUnsent(deps, now);
  const horizon = addDays(appDate(now), NOTICE_DAYS);
  const until = deps.sliceMs === undefined ? Infinity : Date.now() + deps.sliceMs;
  let after = { date: '-infinity', id: '' };
  let done = false;
  let recorded = 0;
  // Pages are read one at a time (the cursor is shared), recorded by the workers at once.
  let reading: Promise<unknown> = Promise.resolve();
  const nextPage = (): Promise<DueSchedule[]> => {
    const page = reading.then(async () => {
      if (done || Date.now() > until) return [];
      const rows: DueSchedule[] = (await deps.db.query<DueSchedule>(
        `SELECT r.id, to_char(r.next_payment_date, 'YYYY-MM-DD') AS next_payment_date FROM recurring_payments r
          WHERE r.status = 'active' AND r.noticed_date IS DISTINCT FROM r.next_payment_date AND r.next_payment_date <= $1::date
            AND (r.next_payment_date, r.id) > ($2::date, $3::text)
          ORDER BY r.next_payment_date, r.id LIMIT ${BATCH}`,
        [horizon, after.date, after.id],
      )).rows;
      if (rows.length < BATCH) done = true;
      if (rows.length) after = { date: rows[rows.length - 1].next_payment_date, id: rows[rows.length - 1].id };
      return rows;
    });
    reading = page.catch(() => undefined);
    return page;
  };
  const worker = async () => {
    for (;;) {
      const page = await nextPage();
      if (!page.length) return;
      const notices = await recordNotices(deps.db, page.map((r) => r.id), horizon, now);
      recorded += notices.length;
      const mailed = notices.filter((n) => n.emailed);
      await eachConcurrently(mailed, SEND_CONCURRENCY, (n) => send(deps, n, now));
    }
  };
  await allWorkers(Math.max(1, deps.concurrency ?? 1), worker);
  return { recorded, more: !done };
}

/** A notice's amount and the amount rule it was computed with (columns of recurring_debit_notices). */
export interface NoticedColumns {
  amount_cents: string | number;
  amount_kind: string;
  rule_amount_cents: string | number | null;
  basis_points: number | null;
  maximum_cents: string | number | null;
}

/**
 * What an occurrence charges when its amount was noticed: min(noticed amount, owed now), or null
 * when it has no notice (or its amount rule changed since): then the rule applies as usual.
 */
export function noticedCharge(notice: NoticedColumns | null, rule: AmountColumns, owed: number): number | null {
  if (!notice) return null;
  const noticedRule: AmountColumns = {
    amount_kind: notice.amount_kind as AmountColumns['amount_kind'],
    amount_cents: notice.rule_amount_cents,
    basis_points: notice.basis_points,
    maximum_cents: notice.maximum_cents,
  };
  if (JSON.stringify(amountRuleOf(noticedRule)) !== JSON.stringify(amountRuleOf(rule))) return null;
  return Math.max(0, Math.min(Number(notice.amount_cents), owed));
}

/** A notice as the portal shows it (GET /Acknowledgement wires these in). */
export interface DebitNoticeView {
  id: number;
  recurring_payment_id: string;
  auto_draft_id: string | null;
  account_number: string;
  sub_ledger_name: string;
  association_name: string;
  occurrence_date: string;
  /** The schedule's status now: a notice of a removed schedule announces nothing any more. */
  schedule_status: string;
  /** The schedule's next payment now: a notice of another date (the payment was moved or skipped, or made) announces nothing any more. */
  schedule_next_date: string;
  amount_cents: number;
  previous_amount_cents: number | null;
  text: string;
  sent_at: string | null;
  confirmed_at: string | null;
  created_at: string;
  first_name: string;
  last_name: string;
}

const NOTICE_SELECT = `SELECT n.id, n.recurring_payment_id, r.auto_draft_id, r.status AS schedule_status, to_char(r.next_payment_date, 'YYYY-MM-DD') AS schedule_next_date, ac.account_number, sl.name AS sub_ledger_name, a.name AS association_name,
       to_char(n.occurrence_date, 'YYYY-MM-DD') AS occurrence_date, n.amount_cents, n.previous_amount_cents, n.text, n.sent_at, n.confirmed_at, n.created_at,
       u.first_name, u.last_name
  FROM recurring_debit_notices n
  JOIN recurring_payments r ON r.id = n.recurring_payment_id
  JOIN sub_ledgers sl ON sl.id = r.sub_ledger_id
  JOIN accounts ac ON ac.id = sl.account_id
  JOIN associations a ON a.id = ac.association_id
  JOIN users u ON u.id = n.user_id`;

type NoticeRow = Omit<DebitNoticeView, 'amount_cents' | 'previous_amount_cents' | 'sent_at' | 'confirmed_at' | 'created_at' | 'id'> & {
  id: number | string;
  amount_cents: number | string;
  previous_amount_cents: number | string | null;
  sent_at: Date | string | null;
  confirmed_at: Date | string | null;
  created_at: Date | string;
};

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

function view(n: NoticeRow): DebitNoticeView {
  return {
    ...n,
    id: Number(n.id),
    amount_cents: Number(n.amount_cents),
    previous_amount_cents: n.previous_amount_cents === null ? null : Number(n.previous_amount_cents),
    sent_at: iso(n.sent_at),
    confirmed_at: iso(n.confirmed_at),
    created_at: iso(n.created_at)!,
  };
}

/**
 * The notices given to a homeowner (those e-mailed: the amount differed), on the accounts they own
 * (one account when accountNumber is given), newest occurrence first.
 */
export async function listDebitNotices(q: Queryable, userId: number, accountNumber: string | null): Promise<DebitNoticeView[]> {
  const { rows } = await q.query<NoticeRow>(
    `${NOTICE_SELECT} WHERE n.user_id = $1 AND ac.owner_user_id = $1 AND n.emailed AND ($2::text IS NULL OR ac.account_number = $2)
      ORDER BY n.occurrence_date DESC, n.id DESC`,
    [userId, accountNumber],
  );
  return rows.map(view);
}

/** The homeowner confirms having read a notice: confirmed_at is set once (the first time). null: not one of the caller's notices. */
export async function confirmDebitNotice(q: Queryable, userId: number, id: number, now: Date = new Date()): Promise<DebitNoticeView | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const updated = await q.query(
    `UPDATE recurring_debit_notices n SET confirmed_at = COALESCE(n.confirmed_at, $3)
      FROM recurring_payments r JOIN sub_ledgers sl ON sl.id = r.sub_ledger_id JOIN accounts ac ON ac.id = sl.account_id
     WHERE n.id = $1 AND n.user_id = $2 AND n.emailed AND r.id = n.recurring_payment_id AND ac.owner_user_id = $2 RETURNING n.id`,
    [id, userId, now],
  );
  if (!updated.rows[0]) return null;
  const { rows } = await q.query<NoticeRow>(`${NOTICE_SELECT} WHERE n.id = $1`, [id]);
  return rows[0] ? view(rows[0]) : null;
}
