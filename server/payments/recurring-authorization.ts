// The authorization a homeowner gives by confirming a recurring payment (and again by changing
// its amount, method or frequency): the text they agree to, kept word for word with the terms it
// names (table recurring_payment_authorizations), and a copy by e-mail.
import type { Queryable } from '../db/index.ts';
import type { Services } from '../handlers/types.ts';
import { ownerDate } from '../../flows/dates.ts';
import { amountRuleOf, describeAmount } from './recurring-amount.ts';
import type { RecurringRow } from './recurring-row.ts';

/** The cancellation terms every authorization states (spec: change in the portal, or cancel in writing). */
export const CANCELLATION_TERMS =
  'You can change or remove it in the portal until 8:00 pm Eastern time the day before a payment is due. ' +
  'To cancel in writing, write to your association at least 14 calendar days before the next due date.';

const EVERY: Record<RecurringRow['frequency'], string> = { monthly: 'every month', quarterly: 'every three months', yearly: 'every year' };

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th'}`;
}

function methodInWords(r: Pick<RecurringRow, 'method_kind' | 'method_brand' | 'method_last4'>): string {
  if (r.method_kind === 'bank') return `bank account ending in ${r.method_last4}`;
  const brand = r.method_brand ? r.method_brand[0].toUpperCase() + r.method_brand.slice(1) : 'Card';
  return `${brand} card ending in ${r.method_last4}`;
}

/** What the homeowner authorizes for the schedule as it stands in `r`. */
export function authorizationText(r: RecurringRow): string {
  const day = Number(r.day_of_month);
  const shorter = day > 28 ? ' (the last day of the month in shorter months)' : '';
  return [
    `I authorize ${r.association_name} and its payment processor to charge my ${methodInWords(r)}`,
    ` ${EVERY[r.frequency]} on the ${ordinal(day)}${shorter}, starting ${ownerDate(r.next_payment_date)},`,
    ` for account ${r.account_number} (${r.sub_ledger_name}): ${describeAmount(amountRuleOf(r))}.`,
    ` The charge is never more than the balance due; when nothing is due, nothing is charged.`,
    ` This authorization stays in effect until I change or remove the recurring payment. ${CANCELLATION_TERMS}`,
  ].join('');
}

/** Keeps the authorization of `r` as it stands (call in the transaction that confirms or changes it). */
export async function recordAuthorization(tx: Queryable, r: RecurringRow, ip: string, now: Date): Promise<string> {
  const text = authorizationText(r);
  await tx.query(
    `INSERT INTO recurring_payment_authorizations (user_id, recurring_payment_id, text, sub_ledger_id, payment_method_id, frequency, day_of_month,
                                                   amount_kind, amount_cents, basis_points, maximum_cents, ip, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [r.user_id, r.id, text, r.sub_ledger_id, r.payment_method_id, r.frequency, r.day_of_month, r.amount_kind, r.amount_cents, r.basis_points, r.maximum_cents, ip, now],
  );
  return text;
}

/** E-mails the homeowner a copy of what they authorized (after the commit; a failure is logged, not thrown). */
export async function mailAuthorization(services: Services, r: RecurringRow, text: string, changed: boolean): Promise<void> {
  if (!r.user_email) return;
  const subject = changed ? `Your recurring payment for account ${r.account_number} was changed` : `Your recurring payment for account ${r.account_number} is set up`;
  const body = [
    changed ? 'You changed your recurring payment. This is a copy of what you authorized:' : 'Thank you. This is a copy of the recurring payment you authorized:',
    '',
    text,
    '',
    `Next payment: ${ownerDate(r.next_payment_date)}`,
    '',
    `See it in the portal: ${services.mailer.link('/billing/recurring-payments', { accountNumber: r.account_number })}`,
  ].join('\n');
  try {
    await services.mailer.send({ to: r.user_email, subject, text: body });
  } catch (error) {
    services.log.warn({ err: error, recurringPaymentId: r.id }, 'the copy of a recurring payment authorization could not be sent');
  }
}
