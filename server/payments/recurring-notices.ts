// Notices of a debit that differs (table recurring_debit_notices, migration 080): the due work
// 'payments.recurring-notices' records, for every active schedule (a recurring payment, or the
// child schedule of an auto-draft enrollment) whose next occurrence is NOTICE_DAYS days away or
// closer (America/New_York dates, app clock), the amount that occurrence will charge: the amount
// rule applied to what is owed now. One row per occurrence (the unique key makes it once across
// instances and runs), whether or not the amount differs: the row is what fixes the amount. The
// homeowner is e-mailed when it differs from the last payment's amount (or, without a last payment,
// when the rule is not a fixed amount or the fixed amount is capped by the balance).
//
// On the date, claimNextOccurrence (recurring-due-work.ts) charges min(noticed amount, owed then)
// (noticedCharge): charges posted after the notice wait for the next payment, and a payment made
// meanwhile lowers it. An occurrence without a notice (a schedule set up, or moved, less than
// NOTICE_DAYS before it) is charged as before; so is one whose amount rule changed after the notice
// (a new rule is a new authorization, itself mailed to the homeowner).
import type { Db, Queryable } from '../db/index.ts';
import type { Logger } from '../handlers/types.ts';
import type { Mailer } from '../mail/index.ts';
import { ownerDate } from '../../flows/dates.ts';
import { addDays, appDate } from './billing.ts';
import { amountRuleOf, chargeFor, money, type AmountColumns } from './recurring-amount.ts';
import { owedCents, RECURRING_SELECT, type RecurringRow } from './recurring-store.ts';

export const RECURRING_NOTICES_DUE_WORK = 'payments.recurring-notices';
/** Days before an occurrence its amount is noticed (and fixed). */
export const NOTICE_DAYS = 10;
/** A notice taken for sending but not marked sent after this long is sent again. */
const SEND_LEASE_MS = 60_000;
const BATCH = 500;

export interface NoticeDeps {
  db: Db;
  mailer: Mailer | null;
  log?: Logger;
}

interface NoticeSchedule extends RecurringRow {
  auto_draft_id: string | null;
}

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

/** Records the notice of one schedule's next occurrence (under its row lock), or null when it has one or is no longer due for one. */
async function recordNotice(db: Db, id: string, horizon: string, now: Date): Promise<Recorded | null> {
  return db.transaction(async (tx) => {
    // SKIP LOCKED: a schedule being charged (or noticed by another instance) is looked at again on the next run.
    const locked = await tx.query(`SELECT id FROM recurring_payments WHERE id = $1 AND status = 'active' AND next_payment_date <= $2::date FOR UPDATE SKIP LOCKED`, [id, horizon]);
    if (!locked.rows[0]) return null;
    const { rows } = await tx.query<NoticeSchedule>(`SELECT q.*, r2.auto_draft_id FROM (${RECURRING_SELECT} WHERE r.id = $1) q JOIN recurring_payments r2 ON r2.id = q.id`, [id]);
    const r = rows[0];
    const occurrenceDate = r.next_payment_date;
    const amountCents = chargeFor(amountRuleOf(r), await owedCents(tx, Number(r.sub_ledger_id)));
    const emailed = differs(r, amountCents) && r.user_email !== null;
    const text = noticeText(r, occurrenceDate, amountCents);
    const inserted = await tx.query<{ id: number }>(
      `INSERT INTO recurring_debit_notices (recurring_payment_id, occurrence_date, user_id, amount_cents, previous_amount_cents, amount_kind, rule_amount_cents,
                                            basis_points, maximum_cents, text, emailed, send_attempted_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (recurring_payment_id, occurrence_date) DO NOTHING RETURNING id`,
      [r.id, occurrenceDate, r.user_id, amountCents, r.paid_amount_cents, r.amount_kind, r.amount_cents, r.basis_points, r.maximum_cents, text, emailed, emailed ? now : null, now],
    );
    if (!inserted.rows[0]) return null;
    return { id: Number(inserted.rows[0].id), emailed, to: r.user_email, subject: noticeSubject(r, occurrenceDate), text, accountNumber: r.account_number };
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

/** Sends again the notices whose sending failed or was left by a crashed process (their date not past). */
async function resendUnsent(deps: NoticeDeps, now: Date): Promise<void> {
  const { rows } = await deps.db.query<{ id: number; to: string | null; account_number: string; auto_draft_id: string | null; occurrence_date: string; text: string }>(
    `WITH taken AS (
       UPDATE recurring_debit_notices SET send_attempted_at = $1
        WHERE id IN (SELECT id FROM recurring_debit_notices
                      WHERE emailed AND sent_at IS NULL AND send_attempted_at < $2 AND occurrence_date >= $3::date
                      ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED)
          AND sent_at IS NULL AND send_attempted_at < $2
       RETURNING id, recurring_payment_id, occurrence_date, text)
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

/** Records (and mails) the notices due at `now`; returns how many were recorded. */
export async function processDebitNotices(deps: NoticeDeps, now: Date): Promise<number> {
  await resendUnsent(deps, now);
  const horizon = addDays(appDate(now), NOTICE_DAYS);
  // Each batch starts after the last schedule of the one before, in the order of the due index
  // (next date, id): the query reads only the schedules it returns, however many came before.
  let after = { date: '-infinity', id: '' };
  let recorded = 0;
  for (;;) {
    const rows: DueSchedule[] = (await deps.db.query<DueSchedule>(
      `SELECT r.id, to_char(r.next_payment_date, 'YYYY-MM-DD') AS next_payment_date FROM recurring_payments r
        WHERE r.status = 'active' AND r.next_payment_date <= $1::date
          AND (r.next_payment_date, r.id) > ($2::date, $3::text)
          AND NOT EXISTS (SELECT 1 FROM recurring_debit_notices n WHERE n.recurring_payment_id = r.id AND n.occurrence_date = r.next_payment_date)
        ORDER BY r.next_payment_date, r.id LIMIT ${BATCH}`,
      [horizon, after.date, after.id],
    )).rows;
    if (!rows.length) return recorded;
    const last: DueSchedule = rows[rows.length - 1];
    after = { date: last.next_payment_date, id: last.id };
    for (const { id } of rows) {
      const notice = await recordNotice(deps.db, id, horizon, now);
      if (!notice) continue;
      recorded++;
      if (notice.emailed) await send(deps, notice, now);
    }
  }
}

/**
 * What an occurrence charges when its amount was noticed: min(noticed amount, owed now), or null
 * when it has no notice (or its amount rule changed since): then the rule applies as usual.
 */
export async function noticedCharge(tx: Queryable, r: RecurringRow, occurrenceDate: string, owed: number): Promise<number | null> {
  const { rows } = await tx.query<{ amount_cents: string | number; amount_kind: string; rule_amount_cents: string | number | null; basis_points: number | null; maximum_cents: string | number | null }>(
    `SELECT amount_cents, amount_kind, rule_amount_cents, basis_points, maximum_cents FROM recurring_debit_notices WHERE recurring_payment_id = $1 AND occurrence_date = $2`,
    [r.id, occurrenceDate],
  );
  const n = rows[0];
  if (!n) return null;
  const noticedRule: AmountColumns = { amount_kind: n.amount_kind as AmountColumns['amount_kind'], amount_cents: n.rule_amount_cents, basis_points: n.basis_points, maximum_cents: n.maximum_cents };
  if (JSON.stringify(amountRuleOf(noticedRule)) !== JSON.stringify(amountRuleOf(r))) return null;
  return Math.max(0, Math.min(Number(n.amount_cents), owed));
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
