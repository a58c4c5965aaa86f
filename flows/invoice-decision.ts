import { describeError } from '../engine/core/flow/builtins.ts';
import type { FlowEvent, FlowModule } from '../engine/core/flow/types.ts';
import type { ResponseOf } from './api.ts';

// Invoices (/board/invoices): the invoice a grid row's Approve or Decline button chose, with the
// decision it opens and booleans for the window (`when` takes booleans), and the comment typed.

type InvoiceRow = ResponseOf<'listBoardInvoices'>['rows'][number];

function chosen(event: FlowEvent, decision: 'approved' | 'declined') {
  return { invoice: event.data as InvoiceRow, decision, approving: decision === 'approved', declining: decision === 'declined', comment: null };
}

/** A comment of spaces is none (the server trims it too). */
export function invoiceComment(data: unknown): string | null {
  const comment = (data as { comment?: unknown } | undefined)?.comment;
  return typeof comment === 'string' && comment.trim() ? comment.trim() : null;
}

export const invoiceDecisionFlow: FlowModule = {
  guards: {
    // The server's refusal of a decision on an invoice another member decided first.
    decidedMeanwhile: ({ event }) => describeError(event.error).code === 'INV001',
  },
  assigns: {
    chooseInvoiceToApprove: ({ event }) => chosen(event, 'approved'),
    chooseInvoiceToDecline: ({ event }) => chosen(event, 'declined'),
    keepInvoiceComment: ({ event }) => ({ comment: invoiceComment(event.data) }),
    markDecidedMeanwhile: () => ({ decidedMeanwhile: true }),
    forgetInvoice: () => ({ invoice: null, decision: null, approving: false, declining: false, comment: null, decidedMeanwhile: false }),
  },
  actors: {},
};
