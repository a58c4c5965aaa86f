// GET /Ledger (entries oldest first with the running balance, the portal's kind labels) and
// GET /Charge (upcoming charges due within the next 25 days, from the assessment schedules).
import { principalOf, type OperationHandler, type ResultOf } from '../types.ts';
import { paymentError } from '../../payments/errors.ts';
import { UPCOMING_CHARGE_DAYS, addDays, appDate, badRequest } from '../../payments/billing.ts';
import { upcomingCharges } from '../../assessments/store.ts';

type LedgerEntry = Extract<ResultOf<'getLedger'>, { status: 200 }>['body']['entries'][number];
type RecentPayment = Extract<ResultOf<'getRecentPayments'>, { status: 200 }>['body']['payments'][number];

/** Our ledger kinds as the portal names them (spec section 3). */
export const LEDGER_KIND_LABELS: Record<string, LedgerEntry['kind']> = {
  charge: 'Charge',
  late_fee: 'Charge',
  fee: 'Charge',
  payment: 'Payment',
  payment_return: 'Payment Return',
  credit: 'Credit Distribution',
  write_off: 'Write-off',
  adjustment: 'Adjustment',
};

const PAYMENT_STATUS_LABELS: Record<string, 'pending' | 'settled' | 'returned'> = {
  processing: 'pending',
  pending: 'pending',
  succeeded: 'settled',
  returned: 'returned',
};

interface EntryRow {
  id: number | string;
  sub_ledger_id: number;
  date: string;
  kind: string;
  description: string;
  amount_cents: number | string;
  payment_status: string | null;
  method_kind: string | null;
  confirmation_number: string | null;
}

export const getLedger: OperationHandler<'getLedger'> = async (req, services) => {
  const { userId } = principalOf(req);
  const accountNumber = req.query.accountNumber ?? null;
  const subLedgerId = req.query.subLedgerId ?? null;
  if (accountNumber === null && subLedgerId === null) throw badRequest('Give subLedgerId or accountNumber.');
  // Both are the caller's (x-policy); given together they must also name the same account.
  const owned = await services.db.query<{ id: number }>(
    `SELECT sl.id FROM sub_ledgers sl JOIN accounts ac ON ac.id = sl.account_id
      WHERE ac.owner_user_id = $1 AND ($2::text IS NULL OR ac.account_number = $2) AND ($3::integer IS NULL OR sl.id = $3)`,
    [userId, accountNumber, subLedgerId],
  );
  if (owned.rows.length === 0) throw paymentError('GP002');
  const { rows } = await services.db.query<EntryRow>(
    `SELECT le.id, le.sub_ledger_id, to_char(le.effective_date, 'YYYY-MM-DD') AS date, le.kind, le.description, le.amount_cents,
            p.status AS payment_status, p.method_kind, p.confirmation_number
       FROM ledger_entries le LEFT JOIN payments p ON p.id = le.payment_id
      WHERE le.sub_ledger_id = ANY($1::integer[])
      ORDER BY le.effective_date, le.created_at, le.id`,
    [owned.rows.map((r) => Number(r.id))],
  );
  let balance = 0;
  const entries = rows.map((r) => {
    const amountCents = Number(r.amount_cents);
    balance += amountCents;
    const status = r.kind === 'payment' && r.payment_status ? PAYMENT_STATUS_LABELS[r.payment_status] : undefined;
    const entry: LedgerEntry = {
      id: Number(r.id),
      subLedgerId: Number(r.sub_ledger_id),
      date: r.date,
      kind: LEDGER_KIND_LABELS[r.kind] ?? 'Adjustment',
      ...(r.kind === 'payment' && r.method_kind ? { paymentMethod: r.method_kind === 'card' ? 'Credit Card' : 'eCheck' } : {}),
      description: r.description,
      amountCents,
      balanceAfterCents: balance,
      ...(status ? { status } : {}),
      ...((r.kind === 'payment' || r.kind === 'payment_return') && r.confirmation_number ? { confirmationNumber: r.confirmation_number } : {}),
    };
    return entry;
  });
  return { status: 200, body: { entries } };
};

export const getCharges: OperationHandler<'getCharges'> = async (req, services) => {
  const { userId } = principalOf(req);
  // The account, when named, is the caller's (x-policy).
  const accountNumber = req.query.accountNumber ?? null;
  const today = appDate(services.clock());
  const { rows } = await services.db.query<{ id: number; account_number: string }>(
    `SELECT sl.id, ac.account_number FROM sub_ledgers sl JOIN accounts ac ON ac.id = sl.account_id
      WHERE ac.owner_user_id = $1 AND ($2::text IS NULL OR ac.account_number = $2)`,
    [userId, accountNumber],
  );
  const accountOf = new Map(rows.map((r) => [Number(r.id), r.account_number]));
  // What the accounts' assessment schedules will post (the same rows the due work posts from).
  const upcoming = await upcomingCharges(services.db, [...accountOf.keys()], today, addDays(today, UPCOMING_CHARGE_DAYS));
  return {
    status: 200,
    body: {
      charges: upcoming.map((c) => ({
        subLedgerId: c.subLedgerId,
        accountNumber: accountOf.get(c.subLedgerId)!,
        description: c.description,
        dueDate: c.dueDate,
        amountCents: c.amountCents,
      })),
    },
  };
};

/** How many payments GET /Ledger/Payments returns when `limit` is not given. */
export const RECENT_PAYMENTS_DEFAULT = 5;

/**
 * GET /Ledger/Payments: an account's latest payments as its ledger records them, newest first,
 * whatever the channel (signed in, guest, express, or history imported with the account). A
 * payment made in the portal carries its status and confirmation number; one posted without a
 * portal payment (imported) is settled.
 */
export const getRecentPayments: OperationHandler<'getRecentPayments'> = async (req, services) => {
  // The account is the caller's (x-policy).
  const accountNumber = req.query.accountNumber;
  const limit = req.query.limit ?? RECENT_PAYMENTS_DEFAULT;
  const { rows } = await services.db.query<EntryRow>(
    `SELECT le.id, le.sub_ledger_id, to_char(le.effective_date, 'YYYY-MM-DD') AS date, le.kind, le.description, le.amount_cents,
            p.status AS payment_status, p.method_kind, p.confirmation_number
       FROM ledger_entries le
       JOIN sub_ledgers sl ON sl.id = le.sub_ledger_id JOIN accounts ac ON ac.id = sl.account_id
       LEFT JOIN payments p ON p.id = le.payment_id
      WHERE ac.account_number = $1 AND le.kind = 'payment'
      ORDER BY le.effective_date DESC, le.created_at DESC, le.id DESC
      LIMIT $2`,
    [accountNumber, limit],
  );
  const payments = rows.map((r) => {
    const payment: RecentPayment = {
      entryId: Number(r.id),
      subLedgerId: Number(r.sub_ledger_id),
      date: r.date,
      description: r.description,
      // The ledger records a payment as a credit (negative); the owner paid the positive amount.
      amountCents: -Number(r.amount_cents),
      status: (r.payment_status && PAYMENT_STATUS_LABELS[r.payment_status]) || 'settled',
      ...(r.method_kind ? { paymentMethod: r.method_kind === 'card' ? 'Credit Card' : 'eCheck' } : {}),
      ...(r.confirmation_number ? { confirmationNumber: r.confirmation_number } : {}),
    };
    return payment;
  });
  return { status: 200, body: { payments } };
};
