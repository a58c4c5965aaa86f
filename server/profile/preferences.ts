// The homeowner's preferences: payment e-mails and texts (columns of users, which getHomeSettings
// reads too) and directory visibility (directory_preferences; no row = never chosen = name only).
import type { Queryable } from '../db/index.ts';

export interface DirectoryVisibility {
  name: boolean;
  phone: boolean;
  email: boolean;
  mailingAddress: boolean;
  title: boolean;
}

/** What the directory shows of a resident who never chose. */
export const NAME_ONLY: DirectoryVisibility = { name: true, phone: false, email: false, mailingAddress: false, title: false };

export interface Preferences {
  sendPaymentConfirmationEmail: boolean;
  receivePayBillingText: boolean;
  billingTextNotificationsAvailable: boolean;
  directorySet: boolean;
  directory: DirectoryVisibility;
  directoryTitle: string | null;
}

interface PreferencesRow {
  send_payment_confirmation_email: boolean;
  receive_pay_billing_text: boolean;
  billing_text_notifications_available: boolean;
  show_name: boolean | null;
  show_phone: boolean | null;
  show_email: boolean | null;
  show_mailing_address: boolean | null;
  show_title: boolean | null;
  title: string | null;
}

export async function loadPreferences(q: Queryable, userId: number, lock = false): Promise<Preferences | null> {
  const { rows } = await q.query<PreferencesRow>(
    `SELECT u.send_payment_confirmation_email, u.receive_pay_billing_text, c.billing_text_notifications_available,
            d.show_name, d.show_phone, d.show_email, d.show_mailing_address, d.show_title, d.title
       FROM users u JOIN management_companies c ON c.id = u.management_company_id
       LEFT JOIN directory_preferences d ON d.user_id = u.id
      WHERE u.id = $1${lock ? ' FOR UPDATE OF u' : ''}`,
    [userId],
  );
  const r = rows[0];
  if (!r) return null;
  const set = r.show_name !== null;
  return {
    sendPaymentConfirmationEmail: r.send_payment_confirmation_email === true,
    receivePayBillingText: r.receive_pay_billing_text === true,
    billingTextNotificationsAvailable: r.billing_text_notifications_available === true,
    directorySet: set,
    directory: set
      ? { name: r.show_name === true, phone: r.show_phone === true, email: r.show_email === true, mailingAddress: r.show_mailing_address === true, title: r.show_title === true }
      : { ...NAME_ONLY },
    directoryTitle: r.title ?? null,
  };
}

export async function saveUserPreferences(q: Queryable, userId: number, p: Pick<Preferences, 'sendPaymentConfirmationEmail' | 'receivePayBillingText'>): Promise<void> {
  await q.query('UPDATE users SET send_payment_confirmation_email = $2, receive_pay_billing_text = $3 WHERE id = $1', [
    userId,
    p.sendPaymentConfirmationEmail,
    p.receivePayBillingText,
  ]);
}

export async function saveDirectoryPreferences(q: Queryable, userId: number, d: DirectoryVisibility, title: string | null, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO directory_preferences (user_id, show_name, show_phone, show_email, show_mailing_address, show_title, title, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (user_id) DO UPDATE SET show_name = $2, show_phone = $3, show_email = $4, show_mailing_address = $5, show_title = $6, title = $7, updated_at = $8`,
    [userId, d.name, d.phone, d.email, d.mailingAddress, d.title, title, now],
  );
}
