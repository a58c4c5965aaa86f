import type { FlowModule } from '../engine/core/flow/types.ts';
import type { ResponseOf } from './api.ts';
import { formatters } from './formatters.ts';

// Payment consent (/billing/payment-consent): every authorization the homeowner gave for the
// selected account (recurring payments, auto-draft) and every notice of a coming debit that
// differs from the last one, word for word; a notice not yet read can be confirmed as read.

type Acknowledgement = ResponseOf<'listAcknowledgements'>['acknowledgements'][number];

/** An acknowledgement as the page lists it: which texts apply (booleans, as screens choose texts by `when`) and their values. */
export function listedAcknowledgement(item: Acknowledgement) {
  return {
    id: item.id,
    recurring: item.kind === 'recurringPayment',
    autoDraft: item.kind === 'autoDraft',
    notice: item.kind === 'debitNotice',
    // A notice whose debit was moved, changed or made asks nothing of the reader any more.
    unread: item.kind === 'debitNotice' && !item.confirmedAt && item.active,
    accountNumber: item.accountNumber,
    subLedgerName: item.subLedgerName ?? '',
    agreedBy: item.agreedBy,
    agreedAt: item.agreedAt,
    ipAddress: item.ipAddress ?? '',
    signature: item.signature ?? '',
    text: item.text,
    active: item.active,
    confirmedAt: item.kind === 'debitNotice' ? item.confirmedAt ?? '' : '',
    debitDate: item.debitDate ?? '',
    amount: typeof item.amountCents === 'number' ? formatters.money(item.amountCents) : '',
  };
}

export const paymentConsentFlow: FlowModule = {
  guards: {},
  assigns: {
    listAcknowledgements: ({ event }) => ({
      acknowledgements: (event.output as ResponseOf<'listAcknowledgements'>).acknowledgements.map(listedAcknowledgement),
    }),
  },
  actors: {},
};
