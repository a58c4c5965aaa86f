// Reading auto-draft enrollments (table auto_draft_enrollments, migration 070) and showing them as
// the contract's AutoDraftEnrollment. A portal enrollment drafts through its child schedules (rows
// of recurring_payments with auto_draft_id set, one per sub-ledger): what it shows of the drafting
// (next pull date, paused, failures, last draft) is read from them.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import type { components } from '../../generated/openapi/payments.ts';
import { paymentError } from './errors.ts';
import { autoDraftChangeCutoff, nextPullDateOf } from './auto-draft-schedule.ts';
import { autoDraftAuthorizationText } from './auto-draft-authorization.ts';
import { setupExpiresAt } from './setup-expiry.ts';
import type { AutoDraftRow, AutoDraftStatus } from './auto-draft-row.ts';

export type AutoDraftView = components['schemas']['AutoDraftEnrollment'];
/**
 * Every column of AutoDraftRow. The last draft: the latest date any child made a payment, summed over
 * the children; the paid one: the latest date a child's draft succeeded, its successes summed.
 */
export const AUTO_DRAFT_SELECT = `SELECT e.id, e.user_id, e.account_id, ac.account_number, ac.association_id, a.name AS association_name, a.auto_draft_type,
       a.provider_account, a.accepts_bank, ac.payments_blocked, a.management_company_id, e.drafted_by, e.status,
       to_char(e.start_month, 'YYYY-MM') AS start_month, e.pull_day, to_char(e.next_pull_date, 'YYYY-MM-DD') AS next_pull_date,
       to_char(ch.next_date, 'YYYY-MM-DD') AS children_next_date, e.payment_method_id, e.bank_name, e.routing_number, e.account_type, e.last4,
       e.signature, GREATEST(e.consecutive_failures, COALESCE(ch.failures, 0)) AS consecutive_failures, e.created_at, ch.any_paused AS any_child_paused,
       u.email AS user_email, u.first_name, u.last_name, ld.last_date, ld.last_amount_cents, ld.last_statuses,
       pd.paid_date, pd.paid_amount_cents
  FROM auto_draft_enrollments e
  JOIN accounts ac ON ac.id = e.account_id
  JOIN associations a ON a.id = ac.association_id
  JOIN users u ON u.id = e.user_id
  LEFT JOIN LATERAL (
    SELECT min(c.next_payment_date) AS next_date, max(c.consecutive_failures) AS failures, bool_or(c.status = 'paused') AS any_paused
      FROM recurring_payments c WHERE c.auto_draft_id = e.id AND c.status <> 'removed') ch ON true
  LEFT JOIN LATERAL (
    SELECT to_char(o.occurrence_date, 'YYYY-MM-DD') AS last_date, sum(p.amount_cents) AS last_amount_cents, string_agg(p.status, ',') AS last_statuses
      FROM recurring_payments c JOIN recurring_payment_occurrences o ON o.recurring_payment_id = c.id JOIN payments p ON p.id = o.payment_id
     WHERE c.auto_draft_id = e.id
     GROUP BY o.occurrence_date ORDER BY o.occurrence_date DESC LIMIT 1) ld ON true
  LEFT JOIN LATERAL (
    SELECT to_char(o.occurrence_date, 'YYYY-MM-DD') AS paid_date, sum(p.amount_cents) AS paid_amount_cents
      FROM recurring_payments c JOIN recurring_payment_occurrences o ON o.recurring_payment_id = c.id JOIN payments p ON p.id = o.payment_id
     WHERE c.auto_draft_id = e.id AND p.status = 'succeeded'
     GROUP BY o.occurrence_date ORDER BY o.occurrence_date DESC LIMIT 1) pd ON true`;

/** One of the caller's enrollments (removed ones too) on an account they own; else 404 AD404. */
export async function loadAutoDraft(q: Queryable, userId: number, id: string): Promise<AutoDraftRow> {
  const { rows } = await q.query<AutoDraftRow>(`${AUTO_DRAFT_SELECT} WHERE e.id = $1 AND e.user_id = $2 AND ac.owner_user_id = $2`, [id, userId]);
  if (!rows[0]) throw paymentError('AD404');
  return rows[0];
}

/**
 * Locks the enrollment's account row, then the enrollment (the order every auto-draft and recurring
 * transaction takes: see one-per-account.ts), and reads it; another user's: 404 AD404.
 */
export async function lockAutoDraft(tx: Queryable, userId: number, id: string): Promise<AutoDraftRow> {
  const { rows } = await tx.query<{ account_id: number }>(
    `SELECT ac.id AS account_id FROM auto_draft_enrollments e JOIN accounts ac ON ac.id = e.account_id
      WHERE e.id = $1 AND e.user_id = $2 AND ac.owner_user_id = $2 FOR UPDATE OF ac`,
    [id, userId],
  );
  if (!rows[0]) throw paymentError('AD404');
  await tx.query('SELECT 1 FROM auto_draft_enrollments WHERE id = $1 FOR UPDATE', [id]);
  return loadAutoDraft(tx, userId, id);
}

export function newAutoDraftId(): string {
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
  let id = 'ad_';
  for (const b of randomBytes(16)) id += alphabet[b & 31];
  return id;
}

/** PostgreSQL's unique_violation on the one-enrollment-per-account index. */
export function isSecondEnrollment(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && e.constraint === 'auto_draft_enrollments_one_per_account';
}

/** Shown status: an active portal enrollment is paused while any of its children is (two failed drafts in a row). */
export function statusOf(r: Pick<AutoDraftRow, 'status' | 'any_child_paused'>): AutoDraftStatus {
  return r.status === 'active' && r.any_child_paused === true ? 'paused' : r.status;
}

/** Whether the enrollment may be changed or removed now: an active one until its cutoff; a setup or a paused one at any time. */
export function autoDraftChangeableNow(r: AutoDraftRow, now: Date): boolean {
  const status = statusOf(r);
  return status === 'setup' || status === 'paused' || now.getTime() < autoDraftChangeCutoff(nextPullDateOf(r, now)).getTime();
}

// The worst status of a day's drafts is the enrollment's: one failed sub-ledger makes the day failed.
const WORST_FIRST = ['failed', 'declined', 'returned', 'cancelled', 'processing', 'scheduled', 'pending', 'succeeded'] as const;
type LastStatus = (typeof WORST_FIRST)[number];

function worstOf(statuses: string): LastStatus | null {
  const seen = new Set(statuses.split(','));
  return WORST_FIRST.find((s) => seen.has(s)) ?? null;
}

export function autoDraftView(r: AutoDraftRow, now: Date): AutoDraftView {
  if (r.status === 'removed') throw new Error('a removed auto-draft enrollment is not shown');
  const next = nextPullDateOf(r, now);
  const view: AutoDraftView = {
    autoDraftId: r.id,
    accountNumber: r.account_number,
    associationName: r.association_name,
    draftedBy: r.drafted_by === 'portal' ? 'portal' : 'managementCompany',
    status: statusOf(r) as AutoDraftView['status'],
    startMonth: r.start_month,
    pullDay: Number(r.pull_day),
    nextPullDate: next,
    bank: { accountType: r.account_type, bankName: r.bank_name, routingNumber: r.routing_number, last4: r.last4 },
    signature: r.signature,
    consecutiveFailures: Number(r.consecutive_failures),
    changeableUntil: autoDraftChangeCutoff(next).toISOString(),
    changeable: autoDraftChangeableNow(r, now),
    resumable: statusOf(r) === 'paused',
  };
  if (r.status === 'setup') {
    // Not signed yet: what signing it authorizes, and until when it can be.
    view.authorizationText = autoDraftAuthorizationText(r, now);
    view.expiresAt = setupExpiresAt(r.created_at).toISOString();
  }
  const status = r.last_statuses !== null ? worstOf(r.last_statuses) : null;
  if (r.last_date !== null && status !== null) view.lastDraft = { date: r.last_date, amountCents: Number(r.last_amount_cents), status };
  if (r.paid_date !== null) view.lastSuccessfulDraft = { date: r.paid_date, amountCents: Number(r.paid_amount_cents) };
  return view;
}
