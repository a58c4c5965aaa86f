// The bank account typed into the auto-draft form (contract: AutoDraftBankEntry): checked here
// with the messages the form shows next to each field (400 VAL001 with `fields`), then tokenized
// by the payment provider and kept as a payment_methods row of purpose 'auto_draft' (token and
// display details only: the account number is never stored).
import type { Queryable } from '../db/index.ts';
import type { Services } from '../handlers/types.ts';
import type { components } from '../../generated/openapi/payments.ts';
import { digitsOnly, routingNumberValid } from '../sandbox-provider/validate.ts';
import { BankDetailsRejectedError, ProviderNotConnectedError, type BankAccountType, type TokenizedMethod } from './provider.ts';
import { fieldErrors } from './billing.ts';
import { paymentError } from './errors.ts';
import { payerScope } from './service.ts';

export type BankEntry = components['schemas']['AutoDraftBankEntry'];

export interface CheckedBank {
  accountType: BankAccountType;
  routingNumber: string;
  accountNumber: string;
  bankName: string;
  signature: string;
}

export const BANK_MESSAGES = {
  routingRequired: 'Routing number is required.',
  routingDigits: 'Routing number must be 9 digits.',
  routingInvalid: 'Routing number is not valid.',
  bankNameRequired: 'Bank name is required.',
  accountRequired: 'Account number is required.',
  confirmationRequired: 'Confirm the account number.',
  mismatch: 'Account numbers must match.',
  accountDigits: 'Account number must be 4 to 17 digits.',
  signatureRequired: 'Sign with your full name.',
} as const;

/** The entry, normalized (spaces and dashes dropped from the numbers); else 400 VAL001 naming every field at fault. */
export function checkBankEntry(bank: BankEntry): CheckedBank {
  const errors: Record<string, string> = {};
  const routingNumber = digitsOnly(bank.routingNumber);
  if (!routingNumber) errors.routingNumber = BANK_MESSAGES.routingRequired;
  else if (!/^\d{9}$/.test(routingNumber)) errors.routingNumber = BANK_MESSAGES.routingDigits;
  else if (!routingNumberValid(routingNumber)) errors.routingNumber = BANK_MESSAGES.routingInvalid;
  const bankName = bank.bankName.trim();
  if (!bankName) errors.bankName = BANK_MESSAGES.bankNameRequired;
  const accountNumber = digitsOnly(bank.bankAccountNumber);
  const confirmation = digitsOnly(bank.bankAccountNumberConfirmation);
  if (!accountNumber) errors.bankAccountNumber = BANK_MESSAGES.accountRequired;
  else if (!/^\d{4,17}$/.test(accountNumber)) errors.bankAccountNumber = BANK_MESSAGES.accountDigits;
  if (!confirmation) errors.bankAccountNumberConfirmation = BANK_MESSAGES.confirmationRequired;
  else if (accountNumber && confirmation !== accountNumber) errors.bankAccountNumberConfirmation = BANK_MESSAGES.mismatch;
  const signature = bank.signature.trim();
  if (!signature) errors.signature = BANK_MESSAGES.signatureRequired;
  if (Object.keys(errors).length) throw fieldErrors(errors);
  return { accountType: bank.accountType, routingNumber, accountNumber, bankName, signature };
}

/** What an idempotency key compares of a bank entry: everything but the account number (kept out even of the hash), its last four digits instead. */
export function bankForIdempotency(bank: BankEntry): Record<string, unknown> {
  const { bankAccountNumber, bankAccountNumberConfirmation, ...rest } = bank;
  return { ...rest, last4: digitsOnly(bankAccountNumber).slice(-4), confirmationLast4: digitsOnly(bankAccountNumberConfirmation).slice(-4) };
}

/** Tokenizes the account with the provider for the association's merchant account (PAY010 / PA007 when it cannot). */
export async function tokenizeBank(services: Services, input: { userId: number; merchantAccount: string | null; bank: CheckedBank }): Promise<TokenizedMethod> {
  const provider = services.paymentProvider;
  if (!provider) throw paymentError('PAY010');
  if (!input.merchantAccount) throw paymentError('PA007');
  try {
    return await provider.tokenizeBankAccount({
      merchantAccount: input.merchantAccount,
      customerRef: payerScope({ kind: 'user', userId: input.userId, email: null }),
      accountType: input.bank.accountType,
      routingNumber: input.bank.routingNumber,
      accountNumber: input.bank.accountNumber,
      holderName: input.bank.signature,
      bankName: input.bank.bankName,
    });
  } catch (error) {
    if (error instanceof ProviderNotConnectedError) throw paymentError('PA007');
    // Our own checks passed; the provider's words are shown on the account number.
    if (error instanceof BankDetailsRejectedError) throw fieldErrors({ bankAccountNumber: error.message });
    throw error;
  }
}

/** Keeps the tokenized account as a method of purpose 'auto_draft' (never among the saved methods); returns its id. */
export async function saveAutoDraftMethod(tx: Queryable, input: { userId: number; associationId: number; merchantAccount: string; method: TokenizedMethod; now: Date }): Promise<number> {
  const m = input.method;
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO payment_methods (owner_user_id, provider_token, kind, last4, bank_account_type, bank_name, association_id, merchant_account, purpose, created_at)
     VALUES ($1, $2, 'bank', $3, $4, $5, $6, $7, 'auto_draft', $8) RETURNING id`,
    [input.userId, m.token, m.last4, m.bankAccountType ?? null, m.bankName ?? null, input.associationId, input.merchantAccount, input.now],
  );
  return Number(rows[0].id);
}

/** Retires an enrollment's former bank account (replaced or the enrollment removed). */
export async function retireAutoDraftMethod(tx: Queryable, methodId: number, now: Date): Promise<void> {
  await tx.query(`UPDATE payment_methods SET active = false, deactivated_at = $2 WHERE id = $1 AND purpose = 'auto_draft' AND active`, [methodId, now]);
}
