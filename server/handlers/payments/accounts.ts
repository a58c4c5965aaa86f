// GET /Account: the caller's own accounts, one entry per sub-ledger, balances in cents.
import { principalOf, type OperationHandler } from '../types.ts';

interface Row {
  account_number: string;
  sub_ledger_id: number;
  sub_ledger_name: string;
  association_id: number;
  association_name: string;
  address1: string;
  address2: string;
  city: string;
  state_province: string;
  postal_code: string;
  balance_cents: number | string;
  payments_blocked: boolean;
}

export function oneLineAddress(r: Pick<Row, 'address1' | 'address2' | 'city' | 'state_province' | 'postal_code'>): string {
  const street = [r.address1, r.address2].filter(Boolean).join(' ');
  return [street, r.city, [r.state_province, r.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

export const getAccounts: OperationHandler<'getAccounts'> = async (req, services) => {
  const principal = principalOf(req);
  const onlyEnabled = req.query.portalEnabled === true;
  const { rows } = await services.db.query<Row>(
    `SELECT ac.account_number, sl.id AS sub_ledger_id, sl.name AS sub_ledger_name, a.id AS association_id, a.name AS association_name,
            ac.address1, ac.address2, ac.city, ac.state_province, ac.postal_code, sl.balance_cents, ac.payments_blocked
       FROM accounts ac
       JOIN associations a ON a.id = ac.association_id
       JOIN sub_ledgers sl ON sl.account_id = ac.id
      WHERE ac.owner_user_id = $1 AND ($2::boolean IS FALSE OR NOT ac.payments_blocked)
      ORDER BY a.name, ac.account_number, sl.position, sl.id`,
    [principal.userId, onlyEnabled],
  );
  return {
    status: 200,
    body: {
      accounts: rows.map((r) => ({
        accountNumber: r.account_number,
        subLedgerId: Number(r.sub_ledger_id),
        subLedgerName: r.sub_ledger_name,
        associationId: Number(r.association_id),
        associationName: r.association_name,
        address: oneLineAddress(r),
        currentBalanceCents: Number(r.balance_cents),
        blocked: r.payments_blocked === true,
      })),
    },
  };
};
