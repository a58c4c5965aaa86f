// Guest pay: configuration, session (account number + zip -> guest token), account, open charges.
import type { OperationHandler } from '../types.ts';
import { ApiError } from '../../errors.ts';
import { oneLineAddress } from '../payments/accounts.ts';
import { guestConfiguration } from '../../payments/index.ts';
import { paymentError } from '../../payments/errors.ts';
import { guestOf } from './guest.ts';

export const getGuestConfiguration: OperationHandler<'getGuestConfiguration'> = async (req, services) => {
  const code = req.query.associationCode;
  const id = req.query.associationId;
  if (code === undefined && id === undefined) throw new ApiError(400, 'Give associationCode or associationId.', { errorCode: 'VAL001' });
  return { status: 200, body: await guestConfiguration(services.db, services.settings, { code, id }) };
};

interface AccountRow {
  id: number;
  account_number: string;
  association_id: number;
  association_code: string;
  association_name: string;
  address1: string;
  address2: string;
  city: string;
  state_province: string;
  postal_code: string;
  payments_blocked: boolean;
  accepts_card: boolean;
  accepts_bank: boolean;
}

const ACCOUNT_SELECT = `SELECT ac.id, ac.account_number, a.id AS association_id, a.code AS association_code, a.name AS association_name,
       ac.address1, ac.address2, ac.city, ac.state_province, ac.postal_code, ac.payments_blocked, a.accepts_card, a.accepts_bank
  FROM accounts ac JOIN associations a ON a.id = ac.association_id`;

export const createGuestSession: OperationHandler<'createGuestSession'> = async (req, services) => {
  const body = req.body;
  // Rate limited like sign-in: per account number and IP, and per IP.
  await services.rateLimiter.consume('authenticateIp', 'guest-session', req.ip);
  await services.rateLimiter.consume('authenticate', 'guest-session', body.accountNumber, req.ip);
  const { rows } = await services.db.query<AccountRow>(`${ACCOUNT_SELECT} WHERE ac.account_number = $1`, [body.accountNumber]);
  const account = rows[0];
  if (
    !account ||
    account.postal_code.slice(0, 5) !== body.zip ||
    (body.associationCode !== undefined && account.association_code !== body.associationCode.toLowerCase())
  ) {
    throw paymentError('GP002');
  }
  if (account.payments_blocked) throw paymentError('PAY004');
  if (!account.accepts_card && !account.accepts_bank) throw paymentError('GP003');
  const associationId = Number(account.association_id);
  const token = await services.guestTokens.issue({ accountId: Number(account.id), associationId, email: body.email.toLowerCase() });
  return {
    status: 200,
    body: {
      token,
      account: { accountNumber: account.account_number, associationId, associationName: account.association_name, address: oneLineAddress(account) },
      configuration: await guestConfiguration(services.db, services.settings, { id: associationId }),
    },
  };
};

export const getGuestAccount: OperationHandler<'getGuestAccount'> = async (req, services) => {
  const guest = guestOf(req);
  const { rows } = await services.db.query<AccountRow>(`${ACCOUNT_SELECT} WHERE ac.id = $1`, [guest.accountId]);
  const account = rows[0];
  if (!account) throw paymentError('GP002');
  const subLedgers = await services.db.query<{ id: number; name: string; balance_cents: string | number }>(
    'SELECT id, name, balance_cents FROM sub_ledgers WHERE account_id = $1 ORDER BY position, id',
    [guest.accountId],
  );
  const list = subLedgers.rows.map((s) => ({ id: Number(s.id), name: s.name, balanceCents: Number(s.balance_cents) }));
  return {
    status: 200,
    body: {
      accountNumber: account.account_number,
      associationName: account.association_name,
      address: oneLineAddress(account),
      balanceCents: list.reduce((sum, s) => sum + s.balanceCents, 0),
      subLedgers: list,
    },
  };
};

const CHARGE_KINDS = new Set(['charge', 'late_fee', 'fee']);

/**
 * The open charges of a ledger: payments, credits, write-offs (less returned payments) pay the
 * oldest charges first; what is left of each charge is open.
 */
export function openCharges(entries: { kind: string; amountCents: number; description: string; date: string }[]) {
  const charges = entries.filter((e) => CHARGE_KINDS.has(e.kind) || (e.kind === 'adjustment' && e.amountCents > 0));
  let pool = -entries.filter((e) => !charges.includes(e)).reduce((sum, e) => sum + e.amountCents, 0);
  const open: { description: string; date: string; amountCents: number }[] = [];
  for (const c of charges) {
    const covered = Math.max(0, Math.min(pool, c.amountCents));
    pool -= covered;
    if (c.amountCents - covered > 0) open.push({ description: c.description, date: c.date, amountCents: c.amountCents - covered });
  }
  return open;
}

export const getGuestAssessments: OperationHandler<'getGuestAssessments'> = async (req, services) => {
  // A sub-ledger of the guest's account (x-policy).
  const subLedgerId = req.params.id;
  const { rows } = await services.db.query<{ kind: string; amount_cents: string | number; description: string; date: string }>(
    `SELECT kind, amount_cents, description, to_char(effective_date, 'YYYY-MM-DD') AS date FROM ledger_entries
      WHERE sub_ledger_id = $1 ORDER BY effective_date, id`,
    [subLedgerId],
  );
  const entries = rows.map((r) => ({ kind: r.kind, amountCents: Number(r.amount_cents), description: r.description, date: r.date }));
  return { status: 200, body: { subLedgerId, assessments: openCharges(entries) } };
};
