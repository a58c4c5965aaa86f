// Signed-in payments (openapi/payments.yaml): what the handlers in server/handlers/payments/ share.
// The caller is a homeowner (role `user`); every query is limited to the accounts they own
// (accounts.owner_user_id), and anything else answers 404 with nothing written. A board member
// without an account at their association reads empty lists there, not a 404.
// Saved methods belong to one association (the provider charges a method only for the merchant
// it was entered for). Future payments are rows of `payments` with kind 'future'.
import type { Queryable } from '../db/index.ts';
import type { Services } from '../handlers/types.ts';
import { ApiError } from '../errors.ts';
import { computeFee, type FeeLine } from '../../flows/fees.ts';
import { BILLING_TIME_ZONE } from '../../flows/dates.ts';
import { isConnectedMerchant } from '../sandbox-provider/service.ts';
import type { components } from '../../generated/openapi/payments.ts';
import type { BankAccountType, CardBrand, MethodKind, TokenizedMethod } from './provider.ts';
import { paymentError } from './errors.ts';
import { loadFeeRules, type Payer } from './service.ts';

// The portal's business day (scheduled dates, due dates): the zone every date an owner reads is in.
export { BILLING_TIME_ZONE };
/** GET /Charge: upcoming charges due within this many days. */
export const UPCOMING_CHARGE_DAYS = 25;

const dateFormat = new Intl.DateTimeFormat('en-CA', { timeZone: BILLING_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The app clock's date in America/New_York, YYYY-MM-DD. */
export function appDate(now: Date): string {
  return dateFormat.format(now);
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const wallClockFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BILLING_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
});

/** How far America/New_York's wall clock is from UTC at an instant, in ms (-5 h in winter, -4 h in summer). */
function zoneOffsetMs(instant: number): number {
  const part = Object.fromEntries(wallClockFormat.formatToParts(new Date(instant)).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time of a date in America/New_York happens. Asks the zone its offset
 * (twice: the first guess may sit on the other side of a daylight-saving change); hours outside
 * the 2-3 am change are exact.
 */
export function zonedInstant(date: string, hour: number): Date {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d, hour);
  const first = wall - zoneOffsetMs(wall);
  return new Date(wall - zoneOffsetMs(first));
}

/** Scheduled payments can be changed or cancelled until this hour (8:00 pm) the day before they are due. */
export const CHANGE_CUTOFF_HOUR = 20;

/** When a payment scheduled for `scheduledDate` stops being changeable: 8:00 pm New York time the day before. */
export function changeCutoff(scheduledDate: string): Date {
  return zonedInstant(addDays(scheduledDate, -1), CHANGE_CUTOFF_HOUR);
}

export function beforeChangeCutoff(scheduledDate: string, now: Date): boolean {
  return now.getTime() < changeCutoff(scheduledDate).getTime();
}

export const billingMessages = {
  PM001: 'Payment method not found',
  PM002: 'This saved payment method was entered for another association. Choose a method saved for this account, or enter a new one.',
  PM003: 'You have no account at this association, so there is no payment method to save for it.',
  PM004:
    'This method pays a scheduled payment that can no longer be changed or cancelled (it is past 8:00pm Eastern Time the day before it is due). You can remove the method once that payment is made.',
} as const;

export function billingError(code: keyof typeof billingMessages): ApiError {
  return new ApiError(code === 'PM001' ? 404 : 409, billingMessages[code], { errorCode: code });
}

export function badRequest(detail: string): ApiError {
  return new ApiError(400, detail, { errorCode: 'VAL001' });
}

/** 400 VAL001 naming the form fields at fault (`fields`: request field -> message); the detail repeats the messages. */
export function fieldErrors(fields: Record<string, string>): ApiError {
  return new ApiError(400, Object.values(fields).join(' '), { errorCode: 'VAL001', fields });
}

const n = (v: unknown): number => Number(v);

/**
 * The signed-in payer, and where receipts go (the login e-mail; none when the user turned
 * confirmation e-mails off). The payer's e-mail is the profile's primary e-mail contact, nothing
 * without one: a provider requiring a primary e-mail then refuses with PA037.
 */
export async function userPayer(q: Queryable, userId: number): Promise<{ payer: Payer; receiptEmail: string | null }> {
  const { rows } = await q.query<{ email: string; send_payment_confirmation_email: boolean; primary_email: string | null }>(
    `SELECT u.email, u.send_payment_confirmation_email,
            (SELECT c.value FROM user_contacts c WHERE c.user_id = u.id AND c.type = 'email' AND c.is_primary) AS primary_email
       FROM users u WHERE u.id = $1`,
    [userId],
  );
  const email = rows[0]?.email ?? null;
  return { payer: { kind: 'user', userId, email: rows[0]?.primary_email ?? null }, receiptEmail: rows[0]?.send_payment_confirmation_email ? email : null };
}

export interface OwnedSubLedger {
  sub_ledger_id: number;
  account_id: number;
  account_number: string;
  association_id: number;
  payments_blocked: boolean;
  balance_cents: number | string;
  provider_account: string | null;
  accepts_card: boolean;
  accepts_bank: boolean;
}

/** One of the caller's sub-ledgers; another's (or none): 404 GP002. */
export async function ownedSubLedger(q: Queryable, userId: number, subLedgerId: number): Promise<OwnedSubLedger> {
  const { rows } = await q.query<OwnedSubLedger>(
    `SELECT sl.id AS sub_ledger_id, ac.id AS account_id, ac.account_number, ac.association_id, ac.payments_blocked, sl.balance_cents,
            a.provider_account, a.accepts_card, a.accepts_bank
       FROM sub_ledgers sl JOIN accounts ac ON ac.id = sl.account_id JOIN associations a ON a.id = ac.association_id
      WHERE sl.id = $1 AND ac.owner_user_id = $2`,
    [subLedgerId, userId],
  );
  if (!rows[0]) throw paymentError('GP002');
  return rows[0];
}

/** Whether the association's merchant account can take payments with the configured provider. */
export function providerConnected(services: Services, providerAccount: string | null): boolean {
  if (!providerAccount || !services.paymentProvider) return false;
  return services.paymentProvider.name === 'sandbox' ? isConnectedMerchant(providerAccount) : true;
}

// ------------------------------------------------------------------ saved methods

export interface MethodRow {
  id: number;
  owner_user_id: number;
  association_id: number | null;
  provider_token: string;
  kind: MethodKind;
  brand: CardBrand | null;
  last4: string;
  exp_month: number | null;
  exp_year: number | null;
  bank_account_type: BankAccountType | null;
  bank_name: string | null;
  active: boolean;
  scheduled_count: number | string;
}

/** Payments tied to a saved method: by id, or (set up through the payment service) by its token. */
export const TIED_TO_METHOD = '(p.payment_method_id = pm.id OR (p.payment_method_id IS NULL AND p.method_token = pm.provider_token))';

export const METHOD_SELECT = `SELECT pm.id, pm.owner_user_id, pm.association_id, pm.provider_token, pm.kind, pm.brand, pm.last4, pm.exp_month, pm.exp_year,
       pm.bank_account_type, pm.bank_name, pm.active,
       (SELECT count(*) FROM payments p WHERE p.status = 'scheduled' AND ${TIED_TO_METHOD})
         + (SELECT count(*) FROM recurring_payments r WHERE r.payment_method_id = pm.id AND r.status <> 'removed') AS scheduled_count
  FROM payment_methods pm`;

/** One of the caller's active saved methods; another's, a removed one, an auto-draft's bank account or none: 404 PM001. */
export async function loadMethod(q: Queryable, userId: number, id: number): Promise<MethodRow> {
  const { rows } = await q.query<MethodRow>(`${METHOD_SELECT} WHERE pm.id = $1 AND pm.owner_user_id = $2 AND pm.active AND pm.purpose = 'saved'`, [id, userId]);
  if (!rows[0]) throw billingError('PM001');
  return rows[0];
}

/** A saved method as the payments API shows it (openapi/payments.yaml, PaymentMethod). */
export type PaymentMethodView = components['schemas']['PaymentMethod'];
/** payments.status (CHECK constraint): 'setup' until confirmed, then the API's PaymentStatus. */
export type PaymentRowStatus = 'setup' | components['schemas']['PaymentStatus'];
/** A payment's method as the payments API shows it (MethodSummary). */
export type MethodSummary = components['schemas']['MethodSummary'];

export function methodView(r: MethodRow): PaymentMethodView {
  const view: PaymentMethodView = { id: n(r.id), associationId: n(r.association_id), kind: r.kind, last4: r.last4, scheduledPaymentCount: n(r.scheduled_count) };
  if (r.kind === 'card') {
    if (r.brand) view.brand = r.brand;
    if (r.exp_month != null) view.expMonth = n(r.exp_month);
    if (r.exp_year != null) view.expYear = n(r.exp_year);
  } else {
    if (r.bank_account_type) view.bankAccountType = r.bank_account_type;
    if (r.bank_name) view.bankName = r.bank_name;
  }
  return view;
}

/**
 * Stores a method the provider tokenized for a user's setup intent (token and display details
 * only) and ties the setup to it; the same intent again returns the same method. Returns its id.
 */
export async function saveTokenizedMethod(
  tx: Queryable,
  input: { userId: number; associationId: number; merchantAccount: string; setupIntentId: string; method: TokenizedMethod; now: Date },
): Promise<number> {
  const m = input.method;
  await tx.query(
    `INSERT INTO payment_method_setups (setup_intent_id, owner_user_id, association_id, kind, merchant_account, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (setup_intent_id) DO NOTHING`,
    [input.setupIntentId, input.userId, input.associationId, m.kind, input.merchantAccount, input.now],
  );
  await tx.query(
    `INSERT INTO payment_methods (owner_user_id, provider_token, kind, brand, last4, exp_month, exp_year, bank_account_type, bank_name,
                                  association_id, merchant_account, setup_intent_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT DO NOTHING`,
    [
      input.userId,
      m.token,
      m.kind,
      m.kind === 'card' ? (m.brand ?? null) : null,
      m.last4,
      m.kind === 'card' ? (m.expMonth ?? null) : null,
      m.kind === 'card' ? (m.expYear ?? null) : null,
      m.kind === 'bank' ? (m.bankAccountType ?? null) : null,
      m.kind === 'bank' ? (m.bankName ?? null) : null,
      input.associationId,
      input.merchantAccount,
      input.setupIntentId,
      input.now,
    ],
  );
  const { rows } = await tx.query<{ id: number }>('SELECT id FROM payment_methods WHERE setup_intent_id = $1 AND owner_user_id = $2', [input.setupIntentId, input.userId]);
  if (!rows[0]) throw billingError('PM001');
  await tx.query('UPDATE payment_method_setups SET payment_method_id = $2 WHERE setup_intent_id = $1', [input.setupIntentId, rows[0].id]);
  return Number(rows[0].id);
}

/** A saved method may pay a sub-ledger only of the association it was entered for (409 PM002). */
export function checkMethodFor(method: MethodRow, ledger: OwnedSubLedger): void {
  if (n(method.association_id) !== n(ledger.association_id)) throw billingError('PM002');
}

// ------------------------------------------------------------------ payments of the caller

export interface UserPaymentRow {
  id: string;
  sub_ledger_id: number;
  account_id: number;
  account_number: string;
  kind: 'one_time' | 'future' | 'recurring' | 'auto_draft';
  scheduled_date: string;
  status: PaymentRowStatus;
  amount_cents: number | string;
  fee_cents: number | string;
  total_cents: number | string;
  method_kind: MethodKind;
  method_token: string | null;
  method_brand: CardBrand | null;
  method_last4: string | null;
  method_bank_type: string | null;
  setup_intent_id: string | null;
  payment_method_id: number | null;
  charge_attempted_at: Date | null;
  confirmation_number: string | null;
  confirmed_at: Date | null;
  scheduled_at: Date | null;
  created_at: Date;
  merchant_account: string | null;
  pm_id: number | null;
  pm_brand: CardBrand | null;
  pm_last4: string | null;
}

export const USER_PAYMENT_SELECT = `SELECT p.id, p.sub_ledger_id, p.account_id, ac.account_number, p.kind, to_char(p.scheduled_date, 'YYYY-MM-DD') AS scheduled_date,
       p.status, p.amount_cents, p.fee_cents, p.total_cents, p.method_kind, p.method_token, p.method_brand, p.method_last4, p.method_bank_type,
       p.setup_intent_id, p.payment_method_id, p.charge_attempted_at, p.confirmation_number, p.confirmed_at, p.scheduled_at, p.created_at,
       p.merchant_account, pm.id AS pm_id, pm.brand AS pm_brand, pm.last4 AS pm_last4
  FROM payments p
  JOIN accounts ac ON ac.id = p.account_id
  LEFT JOIN payment_methods pm ON ${TIED_TO_METHOD}`;

/** One payment on the caller's accounts (optionally of one kind, locked); else 404 PAY009. */
export async function loadUserPayment(q: Queryable, userId: number, paymentId: string, options: { kind?: 'one_time' | 'future'; lock?: boolean } = {}): Promise<UserPaymentRow> {
  const { rows } = await q.query<UserPaymentRow>(
    `${USER_PAYMENT_SELECT} WHERE p.id = $1 AND ac.owner_user_id = $2 AND ($3::text IS NULL OR p.kind = $3)${options.lock ? ' FOR UPDATE OF p' : ''}`,
    [paymentId, userId, options.kind ?? null],
  );
  if (!rows[0]) throw paymentError('PAY009');
  return rows[0];
}

export function paymentMethodOf(p: UserPaymentRow): MethodSummary {
  const method: MethodSummary = { kind: p.method_kind, last4: p.method_last4 ?? p.pm_last4 ?? '' };
  const brand = p.method_brand ?? p.pm_brand;
  if (p.method_kind === 'card' && brand) method.brand = brand;
  return method;
}

/**
 * Changes a payment that is not charged yet (status 'setup', or 'scheduled' for future payments):
 * amount, saved method and (future) date, with the fee recomputed and the Setup checks made again.
 * Runs in the caller's transaction with the payment row locked.
 */
export async function repricePayment(
  tx: Queryable,
  userId: number,
  p: UserPaymentRow,
  changes: { amountCents?: number; method?: MethodRow; scheduledDate?: string },
  now: Date,
): Promise<{ amountCents: number; feeCents: number; totalCents: number; feeLines: FeeLine[] }> {
  const amountCents = changes.amountCents ?? n(p.amount_cents);
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw paymentError('PAY003');
  const ledger = await ownedSubLedger(tx, userId, n(p.sub_ledger_id));
  if (ledger.payments_blocked) throw paymentError('PAY004');
  const methodKind = changes.method?.kind ?? p.method_kind;
  if (changes.method) checkMethodFor(changes.method, ledger);
  if ((methodKind === 'card' && !ledger.accepts_card) || (methodKind === 'bank' && !ledger.accepts_bank)) throw paymentError('GP003');
  if (!ledger.provider_account) throw paymentError('PA007');
  if (amountCents > n(ledger.balance_cents)) throw paymentError('PAY001');
  const fee = computeFee(await loadFeeRules(tx, n(ledger.association_id)), { methodKind, amountCents, recurring: false, largeAmount: null });
  const m = changes.method;
  await tx.query(
    `UPDATE payments SET amount_cents = $2, fee_cents = $3, total_cents = $4, fee_lines = $5, updated_at = $6,
            scheduled_date = COALESCE($7::date, scheduled_date),
            method_kind = COALESCE($8, method_kind),
            payment_method_id = CASE WHEN $9::integer IS NULL THEN payment_method_id ELSE $9 END,
            method_token = CASE WHEN $9::integer IS NULL THEN method_token ELSE $10 END,
            method_brand = CASE WHEN $9::integer IS NULL THEN method_brand ELSE $11 END,
            method_last4 = CASE WHEN $9::integer IS NULL THEN method_last4 ELSE $12 END,
            method_bank_type = CASE WHEN $9::integer IS NULL THEN method_bank_type ELSE $13 END,
            setup_intent_id = CASE WHEN $9::integer IS NULL THEN setup_intent_id ELSE NULL END
      WHERE id = $1`,
    [
      p.id,
      amountCents,
      fee.feeCents,
      fee.totalCents,
      JSON.stringify(fee.lines),
      now,
      changes.scheduledDate ?? null,
      m?.kind ?? null,
      m ? n(m.id) : null,
      m?.provider_token ?? null,
      m?.brand ?? null,
      m?.last4 ?? null,
      m?.bank_account_type ?? null,
    ],
  );
  return { amountCents, feeCents: fee.feeCents, totalCents: fee.totalCents, feeLines: fee.lines };
}
