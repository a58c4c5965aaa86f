import type { FlowModule } from '../../engine/core/flow/types.ts';
import type { ResponseOf } from '../api.ts';

// The selected property's account, as its sub-ledgers (from the session's `accounts`): what the
// signed-in pages about paying and saved methods decide on first. Machines name this module in
// `uses: [account-ledgers]`; `ledgers` in a machine's context holds the selected account's sub-ledgers.

/** One sub-ledger of the caller's accounts, as getAccounts answers it. */
export type SubLedgerAccount = ResponseOf<'getAccounts'>['accounts'][number];

/** The sub-ledgers of the selected property's account; none when the property has no account. */
export function selectedLedgers(session: Record<string, unknown>): SubLedgerAccount[] {
  const selected = (session.selectedProperty as { accountNumber?: string } | null)?.accountNumber;
  return ((session.accounts as SubLedgerAccount[] | undefined) ?? []).filter((ledger) => ledger.accountNumber === selected);
}

export const accountLedgers: FlowModule = {
  guards: {
    /** The selected property has no account to pay (e.g. a board member's association). Params: `session`. */
    noAccountSelected: (_args, params) => selectedLedgers((params.session ?? {}) as Record<string, unknown>).length === 0,
    accountBlocked: ({ context }) => ((context.ledgers as SubLedgerAccount[]) ?? []).some((ledger) => ledger.blocked),
    nothingDue: ({ context }) => ((context.ledgers as SubLedgerAccount[]) ?? []).every((ledger) => ledger.currentBalanceCents <= 0),
  },
};
