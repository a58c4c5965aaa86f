// Shared by the auto-draft-*.test.ts suites (and the authorization matrix): a valid bank entry (the
// sandbox's settling test account), what a refused request must leave untouched in the auto-draft
// tables (besides the payment and recurring tables), zeroing an account's balance, and a change
// of terms agreed to as the page does it (review, then the PATCH with the text shown).
import type { Db } from '../../server/db/index.ts';
import { TEST_BANK_ACCOUNTS } from '../../server/sandbox-provider/test-numbers.ts';
import type { BankEntry } from '../../server/payments/auto-draft-bank.ts';
import { recurringSnapshot } from './recurring-helpers.ts';
import type { Api } from './billing-helpers.ts';

export const TEST_BANK_ENTRY: BankEntry = {
  accountType: 'checking',
  routingNumber: TEST_BANK_ACCOUNTS.settles.routingNumber,
  bankName: 'Sandbox Test Bank',
  bankAccountNumber: TEST_BANK_ACCOUNTS.settles.accountNumber,
  bankAccountNumberConfirmation: TEST_BANK_ACCOUNTS.settles.accountNumber,
  signature: 'Jordan Rivera',
};

export async function autoDraftSnapshot(db: Db): Promise<Record<string, number | string>> {
  const { rows } = await db.query<{ enrollments: string | null; authorizations: string; methods: string }>(
    `SELECT (SELECT string_agg(concat_ws(':', id, status, pull_day, next_pull_date, payment_method_id, last4, signature, updated_at), ',' ORDER BY id)
               FROM auto_draft_enrollments) AS enrollments,
            (SELECT count(*) FROM auto_draft_authorizations) AS authorizations,
            (SELECT count(*) FROM sandbox_methods) AS methods`,
  );
  return {
    ...(await recurringSnapshot(db)),
    enrollments: rows[0].enrollments ?? '',
    autoDraftAuthorizations: Number(rows[0].authorizations),
    sandboxMethods: Number(rows[0].methods),
  };
}

/** Sets the balance of every sub-ledger of an account with adjustment entries (0: the account can enroll). */
export async function setAccountBalance(db: Db, accountNumber: string, cents: number): Promise<void> {
  const { rows } = await db.query<{ id: number; balance_cents: number | string }>(
    `SELECT sl.id, sl.balance_cents FROM sub_ledgers sl JOIN accounts ac ON ac.id = sl.account_id WHERE ac.account_number = $1 ORDER BY sl.position, sl.id`,
    [accountNumber],
  );
  for (const [i, r] of rows.entries()) {
    const delta = (i === 0 ? cents : 0) - Number(r.balance_cents);
    if (delta !== 0) await db.query(`INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description) VALUES ($1, 'adjustment', $2, 'test balance')`, [r.id, delta]);
  }
}

/** A new pull day or bank account, reviewed and agreed to word for word (as the auto-draft page does it). */
export async function changeAgreed(client: Api, id: string, change: Record<string, unknown>) {
  const review = await client.post(`/AutoDraft/${id}/Review`, change);
  if (review.status !== 200) return review;
  return client.patch(`/AutoDraft/${id}`, { ...change, agreedAuthorizationText: review.json.authorizationText });
}
