// The debit notices (acknowledgement ids 'dn_<n>'): each notice of a coming debit that differs from
// the last one (server/payments/recurring-notices.ts), shown with the authorizations and confirmed
// as read by the homeowner. A notice is in effect while its debit is still to come on its date.
import type { Queryable } from '../../db/index.ts';
import { appDate } from '../../payments/billing.ts';
import { confirmDebitNotice, listDebitNotices, type DebitNoticeView } from '../../payments/recurring-notices.ts';
import type { ResultOf } from '../types.ts';

export type Acknowledgement = Extract<ResultOf<'listAcknowledgements'>, { status: 200 }>['body']['acknowledgements'][number];

function acknowledgementOf(notice: DebitNoticeView, now: Date): Acknowledgement {
  return {
    id: `dn_${notice.id}`,
    kind: 'debitNotice',
    ...(notice.auto_draft_id ? { autoDraftId: notice.auto_draft_id } : { recurringPaymentId: notice.recurring_payment_id }),
    accountNumber: notice.account_number,
    subLedgerName: notice.sub_ledger_name,
    agreedBy: `${notice.first_name} ${notice.last_name}`,
    agreedAt: new Date(notice.sent_at ?? notice.created_at).toISOString(),
    text: notice.text,
    // In effect while its debit is still to come as noticed: a moved, skipped or made payment, a
    // paused or removed schedule leave it obsolete, and it no longer asks to be read.
    active: notice.schedule_status === 'active' && notice.occurrence_date >= appDate(now) && notice.occurrence_date === notice.schedule_next_date,
    ...(notice.confirmed_at ? { confirmedAt: new Date(notice.confirmed_at).toISOString() } : {}),
    debitDate: notice.occurrence_date,
    amountCents: Number(notice.amount_cents),
  };
}

/** The caller's debit notices (of one account when named), as acknowledgements of kind 'debitNotice'. */
export async function listDebitNoticeAcknowledgements(q: Queryable, userId: number, accountNumber: string | null, now: Date): Promise<Acknowledgement[]> {
  return (await listDebitNotices(q, userId, accountNumber)).map((notice) => acknowledgementOf(notice, now));
}

/** Records that the caller read debit notice `noticeId` (the first time only) and answers it; null when it is not theirs. */
export async function confirmDebitNoticeAcknowledgement(q: Queryable, userId: number, noticeId: number, now: Date): Promise<Acknowledgement | null> {
  const notice = await confirmDebitNotice(q, userId, noticeId, now);
  return notice ? acknowledgementOf(notice, now) : null;
}
