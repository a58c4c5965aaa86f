// An account is paid automatically one way at a time: recurring payments on its sub-ledgers, or one
// auto-draft enrollment of the whole account (either way round: 409 PAY013). Only confirmed ones
// (active or paused) count: a set-up nobody confirmed never blocks another (setup-expiry.ts). The unique indexes
// cannot see across the two tables, so every transaction that sets up or confirms either one locks
// the account row first (FOR UPDATE) and then checks: of two at once, the second waits and sees the
// first. Locks are taken account first, then the schedule or enrollment.
import type { Queryable } from '../db/index.ts';

export async function lockAccount(tx: Queryable, accountId: number): Promise<void> {
  await tx.query('SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
}

/** Locks the account of a sub-ledger; returns its id. */
export async function lockAccountOfSubLedger(tx: Queryable, subLedgerId: number): Promise<number | null> {
  const { rows } = await tx.query<{ id: number }>(
    'SELECT ac.id FROM accounts ac JOIN sub_ledgers sl ON sl.account_id = ac.id WHERE sl.id = $1 FOR UPDATE OF ac',
    [subLedgerId],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/** Whether the account has a confirmed auto-draft enrollment (active or paused; portal or legacy) other than `except`. */
export async function hasEnrollment(q: Queryable, accountId: number, except: string | null = null): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM auto_draft_enrollments WHERE account_id = $1 AND status IN ('active', 'paused') AND ($2::text IS NULL OR id <> $2) LIMIT 1`,
    [accountId, except],
  );
  return rows.length > 0;
}

/** Whether a sub-ledger of the account has a confirmed recurring payment of the homeowner's own (active or paused; not an auto-draft's child). */
export async function hasRecurringPayment(q: Queryable, accountId: number): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM recurring_payments r JOIN sub_ledgers sl ON sl.id = r.sub_ledger_id
      WHERE sl.account_id = $1 AND r.status IN ('active', 'paused') AND r.auto_draft_id IS NULL LIMIT 1`,
    [accountId],
  );
  return rows.length > 0;
}
