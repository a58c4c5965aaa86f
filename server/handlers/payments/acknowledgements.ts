// GET /Acknowledgement and PUT /Acknowledgement/{id}/Confirm: the payment authorizations a homeowner
// gave, word for word, with who, when and from where (the payment consent page shows them again on
// request), and the debit notices sent to them. Ids name their table: 'rpa_<n>' a recurring
// payment's authorization, 'ada_<n>' an auto-draft's, 'dn_<n>' a debit notice (debit-notices.ts).
// An authorization was confirmed when it was given: confirming it answers it as it is.
import { principalOf, type OperationHandler } from '../types.ts';
import type { Queryable } from '../../db/index.ts';
import { paymentError } from '../../payments/errors.ts';
import { acknowledgementIdOf } from '../../authz/scopes.ts';
import { confirmDebitNoticeAcknowledgement, listDebitNoticeAcknowledgements, type Acknowledgement } from './debit-notices.ts';

interface AuthorizationRow {
  id: number | string;
  schedule_id: string;
  account_number: string;
  sub_ledger_name: string | null;
  signature: string | null;
  first_name: string;
  last_name: string;
  created_at: Date | string;
  ip: string | null;
  text: string;
  active: boolean;
}

/** Filters: the caller's, of one account (null: all), one row (null: all). */
type Filter = [userId: number, accountNumber: string | null, id: number | null];

async function recurringAuthorizations(q: Queryable, filter: Filter): Promise<Acknowledgement[]> {
  const { rows } = await q.query<AuthorizationRow>(
    `SELECT a.id, a.recurring_payment_id AS schedule_id, ac.account_number, sl.name AS sub_ledger_name, NULL AS signature, u.first_name, u.last_name,
            a.created_at, a.ip, a.text,
            (r.status <> 'removed' AND a.id = (SELECT max(latest.id) FROM recurring_payment_authorizations latest
                                                WHERE latest.recurring_payment_id = a.recurring_payment_id)) AS active
       FROM recurring_payment_authorizations a
       JOIN recurring_payments r ON r.id = a.recurring_payment_id
       JOIN sub_ledgers sl ON sl.id = a.sub_ledger_id JOIN accounts ac ON ac.id = sl.account_id
       JOIN users u ON u.id = a.user_id
      WHERE a.user_id = $1 AND ($2::text IS NULL OR ac.account_number = $2) AND ($3::integer IS NULL OR a.id = $3)`,
    filter,
  );
  return rows.map((r) => ({ ...common(r, 'rpa'), kind: 'recurringPayment', recurringPaymentId: r.schedule_id, subLedgerName: r.sub_ledger_name ?? '' }));
}

async function autoDraftAuthorizations(q: Queryable, filter: Filter): Promise<Acknowledgement[]> {
  const { rows } = await q.query<AuthorizationRow>(
    `SELECT a.id, a.auto_draft_id AS schedule_id, ac.account_number, NULL AS sub_ledger_name, a.signature, u.first_name, u.last_name,
            a.created_at, a.ip, a.text,
            (e.status <> 'removed' AND a.id = (SELECT max(latest.id) FROM auto_draft_authorizations latest
                                                WHERE latest.auto_draft_id = a.auto_draft_id)) AS active
       FROM auto_draft_authorizations a
       JOIN auto_draft_enrollments e ON e.id = a.auto_draft_id
       JOIN accounts ac ON ac.id = e.account_id
       JOIN users u ON u.id = a.user_id
      WHERE a.user_id = $1 AND ($2::text IS NULL OR ac.account_number = $2) AND ($3::integer IS NULL OR a.id = $3)`,
    filter,
  );
  return rows.map((r) => ({ ...common(r, 'ada'), kind: 'autoDraft', autoDraftId: r.schedule_id, ...(r.signature ? { signature: r.signature } : {}) }));
}

function common(r: AuthorizationRow, prefix: 'rpa' | 'ada'): Omit<Acknowledgement, 'kind'> {
  const agreedAt = new Date(r.created_at).toISOString();
  return {
    id: `${prefix}_${Number(r.id)}`,
    accountNumber: r.account_number,
    agreedBy: `${r.first_name} ${r.last_name}`,
    agreedAt,
    ...(r.ip ? { ipAddress: r.ip } : {}),
    text: r.text,
    active: Boolean(r.active),
    // An authorization is confirmed by being given.
    confirmedAt: agreedAt,
  };
}

/** Newest first; of one instant, the larger id first. */
function newestFirst(a: Acknowledgement, b: Acknowledgement): number {
  if (a.agreedAt !== b.agreedAt) return a.agreedAt < b.agreedAt ? 1 : -1;
  const number = (x: Acknowledgement) => Number(x.id.slice(x.id.indexOf('_') + 1));
  return number(b) - number(a) || (a.id < b.id ? 1 : -1);
}

export const listAcknowledgements: OperationHandler<'listAcknowledgements'> = async (req, services) => {
  const { userId } = principalOf(req);
  // The account, when named, is the caller's (x-policy).
  const accountNumber = req.query.accountNumber ?? null;
  const filter: Filter = [userId, accountNumber, null];
  const acknowledgements = [
    ...(await recurringAuthorizations(services.db, filter)),
    ...(await autoDraftAuthorizations(services.db, filter)),
    ...(await listDebitNoticeAcknowledgements(services.db, userId, accountNumber, services.clock())),
  ].sort(newestFirst);
  return { status: 200, body: { acknowledgements } };
};

export const confirmAcknowledgement: OperationHandler<'confirmAcknowledgement'> = async (req, services) => {
  const { userId } = principalOf(req);
  // The x-policy checked the id is the caller's; a row gone meanwhile is answered the same way.
  const id = acknowledgementIdOf(req.params.id);
  let found: Acknowledgement | null | undefined = null;
  if (id?.kind === 'rpa') found = (await recurringAuthorizations(services.db, [userId, null, id.number]))[0];
  else if (id?.kind === 'ada') found = (await autoDraftAuthorizations(services.db, [userId, null, id.number]))[0];
  else if (id?.kind === 'dn') found = await confirmDebitNoticeAcknowledgement(services.db, userId, id.number, services.clock());
  if (!found) throw paymentError('ACK404');
  return { status: 200, body: found };
};
