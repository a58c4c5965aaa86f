// The authorization a homeowner signs by confirming (or, legacy, enrolling in) an auto-draft, and
// again by changing its bank account or pull day: the text they agree to, kept word for word with
// the name they signed and the terms it names (table auto_draft_authorizations), a copy by e-mail,
// and for a legacy enrollment the notice to the management company, whose system drafts it.
import type { Queryable } from '../db/index.ts';
import type { Services } from '../handlers/types.ts';
import { ownerDate } from '../../flows/dates.ts';
import { nextPullDateOf } from './auto-draft-schedule.ts';
import type { AutoDraftRow } from './auto-draft-row.ts';

/** The cancellation terms of spec section 9, in every auto-draft authorization. */
export const AUTO_DRAFT_CANCELLATION_TERMS =
  'To cancel in writing, my written cancellation must reach the association at least 14 calendar days before the next due date. ' +
  'I can also remove the auto-draft in the portal until one business day before the next debit (8:00 pm Eastern time).';

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th'}`;
}

/** What the homeowner authorizes for the enrollment as it stands in `r`. */
export function autoDraftAuthorizationText(r: AutoDraftRow, now: Date): string {
  const bank = `${r.account_type} account ending in ${r.last4} at ${r.bank_name}`;
  const who = r.drafted_by === 'portal' ? `${r.association_name} and its payment processor` : `${r.association_name}, drafted by your management company,`;
  return [
    `I authorize ${who} to debit my ${bank} (routing number ${r.routing_number})`,
    ` on the ${ordinal(Number(r.pull_day))} of each month, starting ${ownerDate(nextPullDateOf(r, now))},`,
    ` for account ${r.account_number}: the full balance due on the account that day. When nothing is due, nothing is debited.`,
    r.drafted_by === 'portal' ? '' : ' The debits are made by your management company\'s accounting system, not by the portal.',
    ` This authorization stays in effect until I remove the auto-draft or cancel it in writing. ${AUTO_DRAFT_CANCELLATION_TERMS}`,
  ].join('');
}

/** Keeps the authorization of `r` as it stands, signed with `r.signature` (call in the transaction that confirms or changes it). */
export async function recordAutoDraftAuthorization(tx: Queryable, r: AutoDraftRow, ip: string, now: Date): Promise<string> {
  const text = autoDraftAuthorizationText(r, now);
  await tx.query(
    `INSERT INTO auto_draft_authorizations (user_id, auto_draft_id, text, signature, drafted_by, pull_day, next_pull_date, payment_method_id, bank_name,
                                            routing_number, account_type, last4, ip, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [r.user_id, r.id, text, r.signature, r.drafted_by, r.pull_day, nextPullDateOf(r, now), r.payment_method_id, r.bank_name, r.routing_number, r.account_type, r.last4, ip, now],
  );
  return text;
}

/** E-mails the homeowner a copy of what they signed (after the commit; a failure is logged, not thrown). */
export async function mailAutoDraftAuthorization(services: Services, r: AutoDraftRow, text: string, changed: boolean): Promise<void> {
  if (!r.user_email) return;
  const subject = changed ? `Your auto-draft for account ${r.account_number} was changed` : `Your auto-draft for account ${r.account_number} is set up`;
  const body = [
    changed ? 'You changed your auto-draft. This is a copy of what you authorized:' : 'Thank you. This is a copy of the auto-draft you authorized:',
    '',
    text,
    '',
    `Signed: ${r.signature}`,
    `Next draft: ${ownerDate(nextPullDateOf(r, services.clock()))}`,
    '',
    `See it in the portal: ${services.mailer.link('/billing/auto-draft', { accountNumber: r.account_number })}`,
  ].join('\n');
  try {
    await services.mailer.send({ to: r.user_email, subject, text: body });
  } catch (error) {
    services.log.warn({ err: error, autoDraftId: r.id }, 'the copy of an auto-draft authorization could not be sent');
  }
}

/**
 * Tells the management company about a legacy enrollment (its system drafts it, the portal does
 * not): every staff member of the company that manages the association. With no staff on record
 * the notice is logged for the operators. `what` is the first line (enrolled, changed, removed).
 */
export async function mailManagementCompany(services: Services, r: AutoDraftRow, what: string, providerToken: string | null): Promise<void> {
  const { rows } = await services.db.query<{ email: string }>(
    `SELECT u.email FROM management_staff s JOIN users u ON u.id = s.user_id WHERE u.management_company_id = $1 AND s.deactivated_at IS NULL AND u.email IS NOT NULL ORDER BY u.id`,
    [r.management_company_id],
  );
  const now = services.clock();
  const text = [
    what,
    '',
    `Association: ${r.association_name}`,
    `Account: ${r.account_number}`,
    `Homeowner: ${r.first_name} ${r.last_name}${r.user_email ? ` <${r.user_email}>` : ''}`,
    `Pull day: the ${ordinal(Number(r.pull_day))} of each month; next draft ${ownerDate(nextPullDateOf(r, now))}`,
    `Bank: ${r.account_type} account ending in ${r.last4} at ${r.bank_name}, routing number ${r.routing_number}`,
    ...(providerToken ? [`Payment provider token of the bank account: ${providerToken}`] : []),
    `Signed: ${r.signature}`,
    `Enrollment: ${r.id}`,
  ].join('\n');
  const subject = `Auto-draft for account ${r.account_number} (${r.association_name})`;
  if (rows.length === 0) {
    services.log.warn({ autoDraftId: r.id, accountNumber: r.account_number }, `no management-company staff to tell: ${what}`);
    return;
  }
  for (const { email } of rows) {
    try {
      await services.mailer.send({ to: email, subject, text });
    } catch (error) {
      services.log.warn({ err: error, autoDraftId: r.id }, 'the notice of a legacy auto-draft to the management company could not be sent');
    }
  }
}
