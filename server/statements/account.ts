// The account a statement is about, as its owner sees it: the association, the property, and the
// account's sub-ledgers with their balances. Only the caller's own account is found (x-policy has
// already checked it; the owner filter here keeps the query honest on its own, as getLedger's
// does): any other account number answers 404 GP002.
import type { Queryable } from '../db/index.ts';
import { paymentError } from '../payments/errors.ts';

export interface StatementSubLedger {
  id: number;
  name: string;
  /** What the sub-ledger owes as of today: the sum of its entries dated today or earlier. */
  balanceCents: number;
}

export interface StatementAccount {
  accountNumber: string;
  associationName: string;
  managementCompanyName: string;
  ownerName: string;
  /** The property's address, one line each (street, unit when there is one, city/state/zip). */
  propertyAddress: string[];
  subLedgers: StatementSubLedger[];
}

interface AccountRow {
  account_number: string;
  association_name: string;
  company_name: string;
  first_name: string;
  last_name: string;
  address1: string;
  address2: string;
  city: string;
  state_province: string;
  postal_code: string;
  sub_ledger_id: number | string;
  sub_ledger_name: string;
  balance_cents: number | string;
}

/**
 * Balances are as of `today`, like the statement's closing balance: an entry dated later (posted
 * ahead of its date) is not owed yet, though sub_ledgers.balance_cents already counts it.
 */
export async function ownedStatementAccount(q: Queryable, userId: number, accountNumber: string, today: string): Promise<StatementAccount> {
  const { rows } = await q.query<AccountRow>(
    `SELECT ac.account_number, a.name AS association_name, mc.name AS company_name, u.first_name, u.last_name,
            ac.address1, ac.address2, ac.city, ac.state_province, ac.postal_code,
            sl.id AS sub_ledger_id, sl.name AS sub_ledger_name,
            (SELECT COALESCE(SUM(le.amount_cents), 0) FROM ledger_entries le WHERE le.sub_ledger_id = sl.id AND le.effective_date <= $3::date) AS balance_cents
       FROM sub_ledgers sl
       JOIN accounts ac ON ac.id = sl.account_id
       JOIN associations a ON a.id = ac.association_id
       JOIN management_companies mc ON mc.id = a.management_company_id
       JOIN users u ON u.id = ac.owner_user_id
      WHERE ac.owner_user_id = $1 AND ac.account_number = $2
      ORDER BY sl.position, sl.id`,
    [userId, accountNumber, today],
  );
  const first = rows[0];
  if (!first) throw paymentError('GP002');
  return {
    accountNumber: first.account_number,
    associationName: first.association_name,
    managementCompanyName: first.company_name,
    ownerName: `${first.first_name} ${first.last_name}`.trim(),
    propertyAddress: [first.address1, first.address2, `${first.city}, ${first.state_province} ${first.postal_code}`].filter((line) => line.trim() !== ''),
    subLedgers: rows.map((r) => ({ id: Number(r.sub_ledger_id), name: r.sub_ledger_name, balanceCents: Number(r.balance_cents) })),
  };
}
