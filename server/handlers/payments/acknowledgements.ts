// GET /Acknowledgement: the payment authorizations a homeowner gave, word for word, with who, when
// and from where (the payment consent page shows them again on request).
import { principalOf, type OperationHandler, type ResultOf } from '../types.ts';

type Acknowledgement = Extract<ResultOf<'listAcknowledgements'>, { status: 200 }>['body']['acknowledgements'][number];

interface AuthorizationRow {
  id: number | string;
  recurring_payment_id: string;
  account_number: string;
  sub_ledger_name: string;
  first_name: string;
  last_name: string;
  created_at: Date | string;
  ip: string | null;
  text: string;
  active: boolean;
}

export const listAcknowledgements: OperationHandler<'listAcknowledgements'> = async (req, services) => {
  const { userId } = principalOf(req);
  // The account, when named, is the caller's (x-policy).
  const accountNumber = req.query.accountNumber ?? null;
  const { rows } = await services.db.query<AuthorizationRow>(
    `SELECT a.id, a.recurring_payment_id, ac.account_number, sl.name AS sub_ledger_name, u.first_name, u.last_name, a.created_at, a.ip, a.text,
            (r.status <> 'removed' AND a.id = (SELECT max(latest.id) FROM recurring_payment_authorizations latest
                                                WHERE latest.recurring_payment_id = a.recurring_payment_id)) AS active
       FROM recurring_payment_authorizations a
       JOIN recurring_payments r ON r.id = a.recurring_payment_id
       JOIN sub_ledgers sl ON sl.id = a.sub_ledger_id JOIN accounts ac ON ac.id = sl.account_id
       JOIN users u ON u.id = a.user_id
      WHERE a.user_id = $1 AND ($2::text IS NULL OR ac.account_number = $2)
      ORDER BY a.created_at DESC, a.id DESC`,
    [userId, accountNumber],
  );
  const acknowledgements = rows.map((r): Acknowledgement => ({
    id: Number(r.id),
    kind: 'recurringPayment',
    recurringPaymentId: r.recurring_payment_id,
    accountNumber: r.account_number,
    subLedgerName: r.sub_ledger_name,
    agreedBy: `${r.first_name} ${r.last_name}`,
    agreedAt: new Date(r.created_at).toISOString(),
    ...(r.ip ? { ipAddress: r.ip } : {}),
    text: r.text,
    active: Boolean(r.active),
  }));
  return { status: 200, body: { acknowledgements } };
};
