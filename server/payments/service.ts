// The payment service: two-phase payments (Setup, then Confirm) used by every API group (guest
// now; signed-in and express next). Money is integer cents. See docs/payments.md for the model,
// the claim/lease protocol that makes Confirm charge exactly once, and the error codes.
import { randomBytes, randomInt } from 'node:crypto';
import type { Db, Queryable } from '../db/index.ts';
import type { Clock } from '../clock.ts';
import type { Mailer } from '../mail/index.ts';
import { ApiError } from '../errors.ts';
import { computeFee, LARGE_AMOUNT_THRESHOLD_CENTS, type FeeLine, type FeeRule } from '../../flows/fees.ts';
import { BILLING_TIME_ZONE, ownerDate } from '../../flows/dates.ts';
import { ProviderNotConnectedError, type CardBrand, type ChargeResult, type MethodKind, type PaymentProvider, type ProviderEvent, type TokenizedMethod } from './provider.ts';
import { paymentError, paymentMessages } from './errors.ts';
import { withIdempotency } from './idempotency.ts';
import { startHeartbeat } from './heartbeat.ts';

export type PaymentKind = 'one_time' | 'future' | 'recurring' | 'auto_draft';
export type PaymentStatus = 'setup' | 'scheduled' | 'cancelled' | 'processing' | 'pending' | 'succeeded' | 'declined' | 'returned' | 'failed';

/** Who pays. `scope` keys idempotency and is the provider's customer reference. */
export type Payer =
  /** sessionId: the guest token's session; a guest reaches only the payments its session set up. */
  | { kind: 'guest'; accountId: number; email: string; sessionId: string }
  | { kind: 'user'; userId: number; email: string | null }
  | { kind: 'express'; userId: number; subLedgerId: number; email: string | null };

export function payerScope(payer: Payer): string {
  switch (payer.kind) {
    case 'guest':
      return `guest:${payer.accountId}:${payer.email.toLowerCase()}:${payer.sessionId}`;
    case 'user':
      return `user:${payer.userId}`;
    case 'express':
      return `express:${payer.userId}:${payer.subLedgerId}`;
  }
}

export interface SetupInput {
  payer: Payer;
  subLedgerId: number;
  amountCents: number;
  methodKind: MethodKind;
  /** A saved method's token (signed-in payers); or */
  methodToken?: string | null;
  /** true: start a provider setup intent; the browser's hosted entry attaches the method to it. */
  setupIntent?: boolean;
  /** YYYY-MM-DD; default today. A later date makes a 'future' payment. */
  scheduledDate?: string | null;
  kind?: PaymentKind;
  /** Where the receipt goes (default: the payer's e-mail). */
  receiptEmail?: string | null;
  idempotencyKey?: string | null;
}

export interface PaymentSetup {
  paymentId: string;
  status: PaymentStatus;
  kind: PaymentKind;
  subLedgerId: number;
  scheduledDate: string;
  amountCents: number;
  feeCents: number;
  totalCents: number;
  feeLines: FeeLine[];
  methodKind: MethodKind;
  setupIntent: { setupIntentId: string; clientSecret: string; hostedEntryUrl: string } | null;
  duplicateWarning: boolean;
}

export interface ConfirmedPayment {
  paymentId: string;
  confirmationNumber: string;
  status: 'succeeded' | 'pending';
  amountCents: number;
  feeCents: number;
  totalCents: number;
  method: { kind: MethodKind; brand?: CardBrand; last4: string };
  /** When the payment was made (confirmed), ISO 8601. */
  createdAt: string;
  receiptEmail: string | null;
}

export interface PaymentHooks {
  /**
   * Called inside Confirm's recording transaction after the ledger entry is written and before
   * commit. Throwing rolls the transaction back (tests simulate a crash after the charge).
   */
  beforeCommit?: (paymentId: string) => Promise<void>;
  /** Makes the confirmation numbers (default newConfirmationNumber); tests make one collide with a number in use. */
  confirmationNumber?: () => string;
}

export interface PaymentServiceDeps {
  db: Db;
  clock: Clock;
  provider: PaymentProvider | null;
  mailer?: Mailer | null;
  log?: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  hooks?: PaymentHooks;
  /**
   * How long a Confirm's claim is trusted without renewal before another attempt may take over
   * (default CLAIM_LEASE_MS). The attempt that holds it renews it every leaseMs / 3 while charging.
   */
  leaseMs?: number;
  /** How long a concurrent Confirm waits for the one that is charging (default 30 s). */
  waitMs?: number;
  pollMs?: number;
}

/**
 * The Confirm claim's lease. Short, so that after a crash a client following the spec's retry
 * policy (3 retries, backoff 1 s to 30 s, each waiting up to 30 s for a running attempt) resumes the
 * payment; renewed while the provider call runs, so a slow charge is never taken over.
 */
export const CLAIM_LEASE_MS = 15_000;

/** Duplicate-payment window (spec section 9). */
export const DUPLICATE_WINDOW_MS = 12 * 3600 * 1000;

/**
 * Whether the sub-ledger has another payment made in the duplicate window or scheduled for the
 * date, as an SQL EXISTS over the given placeholders (sub-ledger id, payment id to leave out,
 * start of the window, YYYY-MM-DD date).
 */
function duplicateCondition(subLedgerId: string, exceptPaymentId: string, since: string, scheduledDate: string): string {
  return `EXISTS (SELECT 1 FROM payments d
                   WHERE d.sub_ledger_id = ${subLedgerId} AND d.id <> ${exceptPaymentId}
                     AND ((d.status IN ('processing', 'pending', 'succeeded') AND COALESCE(d.confirmed_at, d.updated_at) >= ${since})
                       OR (d.status IN ('scheduled', 'processing', 'pending', 'succeeded') AND d.kind <> 'one_time' AND d.scheduled_date = ${scheduledDate}::date)))`;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Receipt amounts ("1,234.50"), made once: toLocaleString builds a new formatter on every call. */
const RECEIPT_AMOUNT = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function newPaymentId(): string {
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
  const bytes = randomBytes(16);
  let id = 'pay_';
  for (const b of bytes) id += alphabet[b & 31];
  return id;
}

/** 'CP-' + 8 Crockford base32 characters (uniqueness is checked when it is assigned). */
export function newConfirmationNumber(): string {
  let s = 'CP-';
  for (let i = 0; i < 8; i++) s += CROCKFORD[randomInt(32)];
  return s;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A unique constraint on `column` refused the write (PostgreSQL and PGlite name it table_column_key). */
function isUniqueViolationOf(error: unknown, column: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && typeof e.constraint === 'string' && e.constraint.includes(column);
}
const n = (v: unknown): number => Number(v);
// The ledger's and the payment's day are New York's (the billing time zone), never UTC's: a payment
// made at 9:35 pm Eastern belongs to that day.
const billingDayFormat = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: BILLING_TIME_ZONE });
const isoDate = (d: Date): string => billingDayFormat.format(d);

interface PaymentRow {
  id: string;
  sub_ledger_id: number;
  account_id: number;
  association_id: number;
  kind: PaymentKind;
  scheduled_date: string;
  status: PaymentStatus;
  payer_kind: string;
  payer_email: string | null;
  receipt_email: string | null;
  amount_cents: number | string;
  fee_cents: number | string;
  total_cents: number | string;
  fee_lines: unknown;
  method_kind: MethodKind;
  setup_intent_id: string | null;
  method_token: string | null;
  /** The CHECK constraint of payment_methods.brand holds for the brand copied here too. */
  method_brand: CardBrand | null;
  method_last4: string | null;
  merchant_account: string | null;
  confirmation_number: string | null;
  failure_code: string | null;
  failure_message: string | null;
  guest_session_id: string | null;
  claim_token: string | null;
  claimed_at: Date | null;
  charge_attempted_at: Date | null;
  confirmed_at: Date | null;
  settled_at: Date | null;
  created_at: Date;
  account_number: string;
  association_name: string;
}

const PAYMENT_SELECT = `SELECT p.*, to_char(p.scheduled_date, 'YYYY-MM-DD') AS scheduled_date, ac.account_number, a.name AS association_name
  FROM payments p JOIN accounts ac ON ac.id = p.account_id JOIN associations a ON a.id = p.association_id`;

interface LedgerContext {
  sub_ledger_id: number;
  sub_ledger_name: string;
  balance_cents: number | string;
  account_id: number;
  account_number: string;
  owner_user_id: number | null;
  payments_blocked: boolean;
  association_id: number;
  association_name: string;
  provider_account: string | null;
  accepts_card: boolean;
  accepts_bank: boolean;
  large_amount_fee_bps: number;
  requires_primary_email: boolean;
}

/** The SQL condition (on accounts `ac`) and parameter that limit rows to what the payer may touch. */
function payerCondition(payer: Payer, param: number): { sql: string; value: number } {
  switch (payer.kind) {
    case 'guest':
      return { sql: `ac.id = $${param}`, value: payer.accountId };
    case 'user':
      return { sql: `ac.owner_user_id = $${param}`, value: payer.userId };
    case 'express':
      return { sql: `sl.id = $${param}`, value: payer.subLedgerId };
  }
}

async function loadLedgerContext(db: Queryable, payer: Payer, subLedgerId: number, lock = false): Promise<LedgerContext> {
  const cond = payerCondition(payer, 2);
  const { rows } = await db.query<LedgerContext>(
    `SELECT ${LEDGER_CONTEXT_COLUMNS}
       FROM sub_ledgers sl JOIN accounts ac ON ac.id = sl.account_id JOIN associations a ON a.id = ac.association_id
      WHERE sl.id = $1 AND ${cond.sql}${lock ? ' FOR UPDATE OF sl' : ''}`,
    [subLedgerId, cond.value],
  );
  if (!rows[0]) throw paymentError('GP002');
  return rows[0];
}

const LEDGER_CONTEXT_COLUMNS = `sl.id AS sub_ledger_id, sl.name AS sub_ledger_name, sl.balance_cents, ac.id AS account_id, ac.account_number, ac.owner_user_id,
            ac.payments_blocked, a.id AS association_id, a.name AS association_name, a.provider_account, a.accepts_card, a.accepts_bank,
            a.large_amount_fee_bps, a.requires_primary_email`;

interface FeeRuleRow {
  method_kind: MethodKind;
  kind: 'flat' | 'percent';
  flat_cents: string | number | null;
  basis_points: number | null;
  exempt_recurring: boolean;
}

const feeRuleOf = (r: FeeRuleRow): FeeRule => ({
  methodKind: r.method_kind,
  kind: r.kind,
  ...(r.kind === 'flat' ? { flatCents: n(r.flat_cents) } : { basisPoints: n(r.basis_points) }),
  exemptRecurring: r.exempt_recurring === true,
});

export async function loadFeeRules(db: Queryable, associationId: number): Promise<FeeRule[]> {
  const { rows } = await db.query<FeeRuleRow>(
    `SELECT method_kind, kind, flat_cents, basis_points, exempt_recurring FROM fee_rules WHERE association_id = $1 ORDER BY method_kind`,
    [associationId],
  );
  return rows.map(feeRuleOf);
}

/** The ledger context and its association's fee rules, in one round trip (Setup and its updates price with both). */
async function loadPricingContext(db: Queryable, payer: Payer, subLedgerId: number): Promise<{ ctx: LedgerContext; rules: FeeRule[] }> {
  const cond = payerCondition(payer, 2);
  const { rows } = await db.query<LedgerContext & { fee_rules: FeeRuleRow[] | string | null }>(
    `SELECT ${LEDGER_CONTEXT_COLUMNS},
            (SELECT json_agg(json_build_object('method_kind', f.method_kind, 'kind', f.kind, 'flat_cents', f.flat_cents, 'basis_points', f.basis_points,
                                               'exempt_recurring', f.exempt_recurring) ORDER BY f.method_kind)
               FROM fee_rules f WHERE f.association_id = a.id) AS fee_rules
       FROM sub_ledgers sl JOIN accounts ac ON ac.id = sl.account_id JOIN associations a ON a.id = ac.association_id
      WHERE sl.id = $1 AND ${cond.sql}`,
    [subLedgerId, cond.value],
  );
  if (!rows[0]) throw paymentError('GP002');
  const { fee_rules: raw, ...ctx } = rows[0];
  const rules = (typeof raw === 'string' ? (JSON.parse(raw) as FeeRuleRow[]) : (raw ?? [])).map(feeRuleOf);
  return { ctx, rules };
}

function checkAmount(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw paymentError('PAY003');
}

function toConfirmed(p: PaymentRow): ConfirmedPayment {
  const method: ConfirmedPayment['method'] = { kind: p.method_kind, last4: p.method_last4 ?? '' };
  if (p.method_kind === 'card' && p.method_brand) method.brand = p.method_brand;
  return {
    paymentId: p.id,
    confirmationNumber: p.confirmation_number!,
    status: p.status === 'pending' || (p.status === 'returned' && !p.settled_at) ? 'pending' : 'succeeded',
    amountCents: n(p.amount_cents),
    feeCents: n(p.fee_cents),
    totalCents: n(p.total_cents),
    method,
    createdAt: new Date(p.confirmed_at ?? p.created_at).toISOString(),
    receiptEmail: p.receipt_email,
  };
}

function toSetup(p: PaymentRow, setupIntent: PaymentSetup['setupIntent'], duplicateWarning: boolean): PaymentSetup {
  return {
    paymentId: p.id,
    status: p.status,
    kind: p.kind,
    subLedgerId: n(p.sub_ledger_id),
    scheduledDate: p.scheduled_date,
    amountCents: n(p.amount_cents),
    feeCents: n(p.fee_cents),
    totalCents: n(p.total_cents),
    feeLines: (typeof p.fee_lines === 'string' ? JSON.parse(p.fee_lines) : p.fee_lines) as FeeLine[],
    methodKind: p.method_kind,
    setupIntent,
    duplicateWarning,
  };
}

/** The answer for a payment that is already past Confirm (or null when it still needs charging). */
function finalOutcome(p: PaymentRow): ConfirmedPayment | null {
  switch (p.status) {
    case 'succeeded':
    case 'pending':
    case 'returned':
      return toConfirmed(p);
    case 'declined':
      throw paymentError('PAY002', p.method_kind === 'bank' ? paymentMessages.PAY002_bank : paymentMessages.PAY002);
    case 'failed':
      throw paymentError('PAY007');
    case 'cancelled':
      throw paymentError('PAY008', 'This payment was cancelled.');
    default:
      return null;
  }
}

export interface PaymentService {
  setupPayment(input: SetupInput): Promise<PaymentSetup>;
  updateSetup(input: { payer: Payer; paymentId: string; amountCents?: number; methodKind?: MethodKind; idempotencyKey?: string | null }): Promise<PaymentSetup>;
  cancelSetup(input: { payer: Payer; paymentId: string }): Promise<{ paymentId: string; status: 'cancelled' }>;
  confirmPayment(input: { payer: Payer; paymentId: string; setupIntentId?: string | null; idempotencyKey?: string | null }): Promise<ConfirmedPayment>;
  /** Whether a payment on the sub-ledger was made in the past 12 hours or is scheduled for the date. */
  duplicateWarning(db: Queryable, subLedgerId: number, scheduledDate: string, exceptPaymentId?: string): Promise<boolean>;
  /** Applies the provider's settlement events (charge.settled, charge.returned) once each. */
  applyProviderEvents(): Promise<{ applied: number }>;
  /**
   * Charges a scheduled payment (future, recurring, auto-draft) that due work has claimed: status
   * 'processing' with `claim_token` = claim (set by the due work's conditional UPDATE). The same
   * charge-once protocol as Confirm (provider idempotency key = payment id, record only while the
   * claim is ours). Never throws for a declined or failed charge: the payment records it.
   */
  chargeClaimed(paymentId: string, claim: string): Promise<ScheduledChargeOutcome>;
}

/** What chargeClaimed did: the payment's status afterwards, or 'lost' when the claim was no longer ours. */
export type ScheduledChargeOutcome =
  | { status: 'succeeded' | 'pending'; confirmed: ConfirmedPayment }
  | { status: 'declined' | 'failed' | 'processing'; failureCode: string | null }
  | 'lost';

export function createPaymentService(deps: PaymentServiceDeps): PaymentService {
  const { db, clock } = deps;
  const leaseMs = deps.leaseMs ?? CLAIM_LEASE_MS;
  const waitMs = deps.waitMs ?? 30_000;
  const pollMs = deps.pollMs ?? 25;

  function provider(): PaymentProvider {
    if (!deps.provider) throw paymentError('PAY010');
    return deps.provider;
  }

  /** The payment if the payer may reach it, else 404 PAY009. A guest reaches only its own session's payments. */
  async function loadPayment(q: Queryable, payer: Payer, paymentId: string, lock = false): Promise<PaymentRow> {
    const cond = payerCondition(payer, 2);
    const guestSession = payer.kind === 'guest' ? ` AND p.payer_kind = 'guest' AND p.guest_session_id = $3` : '';
    const { rows } = await q.query<PaymentRow>(
      `${PAYMENT_SELECT} JOIN sub_ledgers sl ON sl.id = p.sub_ledger_id WHERE p.id = $1 AND ${cond.sql}${guestSession}${lock ? ' FOR UPDATE OF p' : ''}`,
      payer.kind === 'guest' ? [paymentId, cond.value, payer.sessionId] : [paymentId, cond.value],
    );
    if (!rows[0]) throw paymentError('PAY009');
    return rows[0];
  }

  /**
   * The payment with its sub-ledger's balance and its account's block, the payment's row and the
   * sub-ledger's both locked in one statement (the payment's first, in the order every writer of
   * the two takes them): Confirm's claim decides under these locks.
   */
  async function lockForClaim(tx: Queryable, payer: Payer, paymentId: string): Promise<PaymentRow & { sub_ledger_balance_cents: number | string; payments_blocked: boolean }> {
    const cond = payerCondition(payer, 2);
    const guestSession = payer.kind === 'guest' ? ` AND p.payer_kind = 'guest' AND p.guest_session_id = $3` : '';
    const { rows } = await tx.query<PaymentRow & { sub_ledger_balance_cents: number | string; payments_blocked: boolean }>(
      `SELECT p.*, to_char(p.scheduled_date, 'YYYY-MM-DD') AS scheduled_date, ac.account_number, a.name AS association_name,
              sl.balance_cents AS sub_ledger_balance_cents, ac.payments_blocked
         FROM payments p JOIN accounts ac ON ac.id = p.account_id JOIN associations a ON a.id = p.association_id
         JOIN sub_ledgers sl ON sl.id = p.sub_ledger_id
        WHERE p.id = $1 AND ${cond.sql}${guestSession} FOR UPDATE OF p, sl`,
      payer.kind === 'guest' ? [paymentId, cond.value, payer.sessionId] : [paymentId, cond.value],
    );
    if (!rows[0]) throw paymentError('PAY009');
    return rows[0];
  }

  async function duplicateWarning(q: Queryable, subLedgerId: number, scheduledDate: string, exceptPaymentId = ''): Promise<boolean> {
    const { rows } = await q.query<{ duplicate: boolean }>(`SELECT ${duplicateCondition('$1', '$2', '$3', '$4')} AS duplicate`, [
      subLedgerId,
      exceptPaymentId,
      duplicateSince(),
      scheduledDate,
    ]);
    return rows[0].duplicate === true;
  }

  const duplicateSince = () => new Date(clock().getTime() - DUPLICATE_WINDOW_MS);

  /** Amount, fee and the merchant checks shared by setup and update. */
  function priceFor(ctx: LedgerContext, rules: FeeRule[], payer: Payer, methodKind: MethodKind, amountCents: number, kind: PaymentKind) {
    checkAmount(amountCents);
    if (ctx.payments_blocked) throw paymentError('PAY004');
    if ((methodKind === 'card' && !ctx.accepts_card) || (methodKind === 'bank' && !ctx.accepts_bank)) throw paymentError('GP003');
    if (!ctx.provider_account) throw paymentError('PA007');
    if (ctx.requires_primary_email && !payer.email) throw paymentError('PA037');
    if (amountCents > n(ctx.balance_cents)) throw paymentError('PAY001');
    const largeAmount = payer.kind === 'guest' && ctx.large_amount_fee_bps > 0 ? { thresholdCents: LARGE_AMOUNT_THRESHOLD_CENTS, basisPoints: ctx.large_amount_fee_bps } : null;
    return computeFee(rules, { methodKind, amountCents, recurring: kind === 'recurring' || kind === 'auto_draft', largeAmount });
  }

  /** What entering the method charges at once: a payment for today its total, anything else nothing yet. */
  const chargedOnEntry = (kind: PaymentKind, totalCents: number) => (kind === 'one_time' ? totalCents : null);

  async function createIntent(ctx: LedgerContext, payer: Payer, kind: MethodKind, chargeCents: number | null): Promise<NonNullable<PaymentSetup['setupIntent']>> {
    try {
      const intent = await provider().createSetupIntent({ merchantAccount: ctx.provider_account!, kind, customerRef: payerScope(payer), chargeCents });
      return { setupIntentId: intent.setupIntentId, clientSecret: intent.clientSecret, hostedEntryUrl: intent.hostedEntryUrl };
    } catch (error) {
      if (error instanceof ProviderNotConnectedError) throw paymentError('PA007');
      throw error;
    }
  }

  async function setupPayment(input: SetupInput): Promise<PaymentSetup> {
    const { payer, idempotencyKey, ...request } = input;
    return withIdempotency(db, clock, { scope: payerScope(payer), operation: 'setupPayment', key: idempotencyKey, request }, async () => {
      checkAmount(input.amountCents);
      const today = isoDate(clock());
      const scheduledDate = input.scheduledDate ?? today;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(scheduledDate) || scheduledDate < today) {
        throw new ApiError(400, 'The scheduled date must be today or later.', { errorCode: 'VAL001', fields: { scheduledDate: 'The scheduled date must be today or later.' } });
      }
      const kind: PaymentKind = input.kind ?? (scheduledDate > today ? 'future' : 'one_time');
      if (!input.methodToken && !input.setupIntent) throw new Error('setupPayment needs methodToken or setupIntent');
      const { ctx, rules } = await loadPricingContext(db, payer, input.subLedgerId);
      const fee = priceFor(ctx, rules, payer, input.methodKind, input.amountCents, kind);
      let snapshot: { brand: string | null; last4: string | null } = { brand: null, last4: null };
      if (input.methodToken) {
        const { rows } = await db.query<{ brand: string | null; last4: string; kind: MethodKind }>(
          `SELECT brand, last4, kind FROM payment_methods WHERE provider_token = $1 AND active AND purpose = 'saved' AND ($2::integer IS NULL OR owner_user_id = $2)`,
          [input.methodToken, payer.kind === 'guest' ? -1 : payer.userId],
        );
        if (!rows[0] || rows[0].kind !== input.methodKind) throw paymentError('PAY006');
        snapshot = { brand: rows[0].brand, last4: rows[0].last4 };
      }
      const intent = input.setupIntent ? await createIntent(ctx, payer, input.methodKind, chargedOnEntry(kind, fee.totalCents)) : null;
      const id = newPaymentId();
      const now = clock();
      // The new payment and the duplicate warning (other payments, as they were before it) in one
      // statement: it answers from what it wrote, without reading the payment again.
      const { rows } = await db.query<PaymentRow & { duplicate_warning: boolean }>(
        `WITH inserted AS (
           INSERT INTO payments (id, sub_ledger_id, account_id, association_id, kind, scheduled_date, status, payer_kind, payer_user_id, payer_email,
                                 receipt_email, amount_cents, fee_cents, total_cents, fee_lines, method_kind, setup_intent_id, method_token,
                                 method_brand, method_last4, merchant_account, guest_session_id, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, 'setup', $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $22, $21, $21)
           RETURNING id, status, kind, sub_ledger_id, to_char(scheduled_date, 'YYYY-MM-DD') AS scheduled_date, amount_cents, fee_cents, total_cents,
                     fee_lines, method_kind)
         SELECT inserted.*, ${duplicateCondition('$2', '$1', '$23', '$6')} AS duplicate_warning FROM inserted`,
        [
          id,
          ctx.sub_ledger_id,
          ctx.account_id,
          ctx.association_id,
          kind,
          scheduledDate,
          payer.kind,
          payer.kind === 'guest' ? null : payer.userId,
          payer.email,
          input.receiptEmail === undefined ? payer.email : input.receiptEmail,
          input.amountCents,
          fee.feeCents,
          fee.totalCents,
          JSON.stringify(fee.lines),
          input.methodKind,
          intent?.setupIntentId ?? null,
          input.methodToken ?? null,
          snapshot.brand,
          snapshot.last4,
          ctx.provider_account,
          now,
          payer.kind === 'guest' ? payer.sessionId : null,
          duplicateSince(),
        ],
      );
      return toSetup(rows[0], intent, rows[0].duplicate_warning === true);
    });
  }

  async function updateSetup(input: { payer: Payer; paymentId: string; amountCents?: number; methodKind?: MethodKind; idempotencyKey?: string | null }): Promise<PaymentSetup> {
    const { payer, idempotencyKey, ...request } = input;
    return withIdempotency(db, clock, { scope: payerScope(payer), operation: 'updateSetup', key: idempotencyKey, request }, async () => {
      const current = await loadPayment(db, payer, input.paymentId);
      if (current.status !== 'setup' || current.charge_attempted_at) throw paymentError('PAY008');
      const methodKind = input.methodKind ?? current.method_kind;
      const amountCents = input.amountCents ?? n(current.amount_cents);
      const { ctx, rules } = await loadPricingContext(db, payer, n(current.sub_ledger_id));
      const fee = priceFor(ctx, rules, payer, methodKind, amountCents, current.kind);
      // A new method kind needs a new hosted entry (and a saved token of the other kind cannot be used).
      let intent: PaymentSetup['setupIntent'] = null;
      if (methodKind !== current.method_kind) {
        if (current.method_token) throw paymentError('PAY006');
        intent = await createIntent(ctx, payer, methodKind, chargedOnEntry(current.kind, fee.totalCents));
      } else if (current.setup_intent_id && !current.method_token) {
        await provider().updateSetupIntentCharge?.(current.setup_intent_id, chargedOnEntry(current.kind, fee.totalCents));
      }
      return db.transaction(async (tx) => {
        const locked = await loadPayment(tx, payer, input.paymentId, true);
        if (locked.status !== 'setup' || locked.charge_attempted_at) throw paymentError('PAY008');
        await tx.query(
          `UPDATE payments SET amount_cents = $2, fee_cents = $3, total_cents = $4, fee_lines = $5, method_kind = $6,
                  setup_intent_id = COALESCE($7, setup_intent_id), updated_at = $8 WHERE id = $1`,
          [input.paymentId, amountCents, fee.feeCents, fee.totalCents, JSON.stringify(fee.lines), methodKind, intent?.setupIntentId ?? null, clock()],
        );
        const row = await loadPayment(tx, payer, input.paymentId);
        return toSetup(row, intent, await duplicateWarning(tx, n(row.sub_ledger_id), row.scheduled_date, row.id));
      });
    });
  }

  async function cancelSetup(input: { payer: Payer; paymentId: string }): Promise<{ paymentId: string; status: 'cancelled' }> {
    return db.transaction(async (tx) => {
      const p = await loadPayment(tx, input.payer, input.paymentId, true);
      if (p.status === 'cancelled') return { paymentId: p.id, status: 'cancelled' as const };
      if (p.status !== 'setup' || p.charge_attempted_at) throw paymentError('PAY008');
      await tx.query(`UPDATE payments SET status = 'cancelled', cancelled_at = $2, updated_at = $2 WHERE id = $1`, [p.id, clock()]);
      return { paymentId: p.id, status: 'cancelled' as const };
    });
  }

  /** The tokenized method to charge: the payment's own token, or the one attached to its setup intent. */
  async function resolveMethod(p: PaymentRow, setupIntentId: string | null | undefined): Promise<TokenizedMethod> {
    if (setupIntentId && setupIntentId !== p.setup_intent_id) throw paymentError('PAY009');
    if (p.method_token) return { token: p.method_token, kind: p.method_kind, brand: p.method_brand ?? undefined, last4: p.method_last4 ?? '' };
    if (!p.setup_intent_id) throw paymentError('PAY005');
    const intent = await provider().retrieveSetupIntent(p.setup_intent_id);
    if (intent.status !== 'succeeded' || !intent.method) throw paymentError('PAY005');
    if (intent.method.kind !== p.method_kind) throw paymentError('PAY006');
    return intent.method;
  }

  /**
   * Cents of the sub-ledger's other payments that are being charged (or may have been) but whose
   * ledger entry is not written yet: 'processing' past the claim (charge_attempted_at set). They
   * count against the balance, so two payments of the full balance cannot both pass the check.
   */
  async function reservedCents(q: Queryable, subLedgerId: number, exceptPaymentId: string): Promise<number> {
    const { rows } = await q.query<{ cents: string | number }>(
      `SELECT COALESCE(SUM(amount_cents), 0) AS cents FROM payments
        WHERE sub_ledger_id = $1 AND id <> $2 AND status = 'processing' AND charge_attempted_at IS NOT NULL`,
      [subLedgerId, exceptPaymentId],
    );
    return n(rows[0].cents);
  }

  /** reservedCents of the payment being updated (`payments`), as an SQL expression. */
  const RESERVED_CENTS_SQL = `(SELECT COALESCE(SUM(o.amount_cents), 0) FROM payments o
       WHERE o.sub_ledger_id = payments.sub_ledger_id AND o.id <> payments.id AND o.status = 'processing' AND o.charge_attempted_at IS NOT NULL)`;

  /**
   * The checks before a payment may be charged: the account is not blocked (PAY004) and the amount
   * is at most the balance less what is reserved (PAY001). Locks the sub-ledger row, so it must run
   * in the transaction that then reserves the payment (sets charge_attempted_at).
   */
  async function checkAvailable(tx: Queryable, payer: Payer, p: PaymentRow): Promise<void> {
    const ctx = await loadLedgerContext(tx, payer, n(p.sub_ledger_id), true);
    if (ctx.payments_blocked) throw paymentError('PAY004');
    const available = n(ctx.balance_cents) - (await reservedCents(tx, n(p.sub_ledger_id), p.id));
    if (n(p.amount_cents) > available) throw paymentError('PAY001');
  }

  /** Charges with the claim renewed meanwhile (the provider may take longer than the lease). */
  async function chargeHoldingClaim(paymentId: string, claim: string, request: Parameters<PaymentProvider['charge']>[0]): Promise<ChargeResult> {
    const charger = provider();
    const stop = startHeartbeat(
      leaseMs / 3,
      () => db.query(`UPDATE payments SET claimed_at = $3 WHERE id = $1 AND claim_token = $2`, [paymentId, claim, clock()]),
      (error) => deps.log?.warn({ err: error, paymentId }, 'could not renew a payment claim'),
    );
    try {
      return await charger.charge(request);
    } finally {
      stop();
    }
  }

  const leaseFresh = (p: PaymentRow) => p.claim_token !== null && p.claimed_at !== null && clock().getTime() - new Date(p.claimed_at).getTime() < leaseMs;

  /** Frees a claim after a failure: back to 'setup' when nothing was charged, else stays 'processing' for a retry. */
  async function release(paymentId: string, claim: string, charged: boolean): Promise<void> {
    await db
      .query(
        charged
          ? `UPDATE payments SET claim_token = NULL, claimed_at = NULL, updated_at = $3 WHERE id = $1 AND claim_token = $2`
          : `UPDATE payments SET status = 'setup', claim_token = NULL, claimed_at = NULL, updated_at = $3 WHERE id = $1 AND claim_token = $2 AND charge_attempted_at IS NULL`,
        [paymentId, claim, clock()],
      )
      .catch((error) => deps.log?.error({ err: error, paymentId }, 'could not release a payment claim'));
  }

  async function sendReceipt(p: ConfirmedPayment, row: PaymentRow): Promise<void> {
    if (!deps.mailer || !p.receiptEmail) return;
    const money = (c: number) => `$${RECEIPT_AMOUNT.format(c / 100)}`;
    const method = p.method.kind === 'card' ? `${(p.method.brand ?? 'card').toUpperCase()} ending in ${p.method.last4}` : `bank account ending in ${p.method.last4}`;
    const text = [
      `Thank you for your payment to ${row.association_name}.`,
      '',
      `Confirmation number: ${p.confirmationNumber}`,
      `Account: ${row.account_number}`,
      `Amount: ${money(p.amountCents)}`,
      `Fee: ${money(p.feeCents)}`,
      `Total charged: ${money(p.totalCents)}`,
      `Paid with: ${method}`,
      `Date: ${ownerDate(p.createdAt)}`,
      p.status === 'pending' ? '\nBank payments take 3-5 business days to complete.' : '',
      // A guest payer may have no sign-in to the portal: only a homeowner's receipt links to the account's history.
      row.payer_kind === 'guest' ? '' : `\nSee it in the portal: ${deps.mailer.link('/billing/account-history', { accountNumber: row.account_number })}`,
    ].join('\n');
    try {
      await deps.mailer.send({ to: p.receiptEmail, subject: `Payment confirmation ${p.confirmationNumber}`, text });
    } catch (error) {
      deps.log?.warn({ err: error, paymentId: p.paymentId }, 'payment receipt could not be sent');
    }
  }

  /**
   * Records a charge that went through, while the claim is still ours: the payment's new state,
   * its ledger entry (whose trigger moves the balance) and the row the answer is made of, in one
   * statement, which is a transaction of its own (with a beforeCommit hook, tests run it in an
   * explicit one to stop between the statement and the commit). A claim no longer ours changes
   * nothing ('lost'). The confirmation number is unique in the table: on the rare collision the
   * statement fails whole and is made again with another number.
   */
  async function recordCharged(paymentId: string, claim: string, result: ChargeResult, method: TokenizedMethod): Promise<{ row: PaymentRow; confirmed: ConfirmedPayment } | 'lost'> {
    const write = async (q: Queryable) => {
      const now = clock();
      const { rows } = await q.query<PaymentRow>(
        `WITH updated AS (
           UPDATE payments SET status = $2, confirmation_number = $3, provider_charge_id = $4, confirmed_at = $5, settled_at = $6,
                  claim_token = NULL, claimed_at = NULL, updated_at = $5
            WHERE id = $1 AND claim_token = $7 AND status = 'processing'
           RETURNING *),
         entry AS (
           INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description, reference, payment_id, effective_date, created_at)
           SELECT sub_ledger_id, 'payment', -amount_cents, $8::text, confirmation_number, id, $9::date, $5 FROM updated)
         SELECT u.*, to_char(u.scheduled_date, 'YYYY-MM-DD') AS scheduled_date, ac.account_number, a.name AS association_name
           FROM updated u JOIN accounts ac ON ac.id = u.account_id JOIN associations a ON a.id = u.association_id`,
        [
          paymentId,
          result.status,
          (deps.hooks?.confirmationNumber ?? newConfirmationNumber)(),
          result.chargeId,
          now,
          result.status === 'succeeded' ? now : null,
          claim,
          `Payment, thank you (${method.kind === 'card' ? 'card' : 'bank'} ${method.last4})`,
          isoDate(now),
        ],
      );
      return rows[0] ? { row: rows[0], confirmed: toConfirmed(rows[0]) } : ('lost' as const);
    };
    const beforeCommit = deps.hooks?.beforeCommit;
    for (;;) {
      try {
        if (!beforeCommit) return await write(db);
        return await db.transaction(async (tx) => {
          const written = await write(tx);
          if (written !== 'lost') await beforeCommit(paymentId);
          return written;
        });
      } catch (error) {
        if (isUniqueViolationOf(error, 'confirmation_number')) continue;
        throw error;
      }
    }
  }

  /** Writes the charge's outcome; returns the confirmed payment, throws for declined/failed, or 'lost' when another attempt took over. */
  async function record(
    payer: Payer,
    paymentId: string,
    claim: string,
    result: ChargeResult,
    method: TokenizedMethod,
  ): Promise<{ row: PaymentRow; confirmed: ConfirmedPayment | null } | 'lost'> {
    if (result.status === 'succeeded' || result.status === 'pending') return recordCharged(paymentId, claim, result, method);
    return db.transaction(async (tx) => {
      const p = await loadPayment(tx, payer, paymentId, true);
      if (p.claim_token !== claim || p.status !== 'processing') return 'lost' as const;
      const now = clock();
      if (result.status === 'failed' && result.failure?.transient) {
        // The provider may be retried with the same key: stay 'processing', unclaimed.
        await tx.query(`UPDATE payments SET claim_token = NULL, claimed_at = NULL, updated_at = $2 WHERE id = $1`, [p.id, now]);
        throw paymentError('PAY010');
      }
      await tx.query(
        `UPDATE payments SET status = $2, provider_charge_id = $3, failure_code = $4, failure_message = $5, claim_token = NULL, claimed_at = NULL, updated_at = $6 WHERE id = $1`,
        [p.id, result.status === 'declined' ? 'declined' : 'failed', result.chargeId, result.failure?.code ?? null, result.failure?.message ?? null, now],
      );
      return { row: { ...p, status: result.status === 'declined' ? 'declined' : 'failed' } as PaymentRow, confirmed: null };
    });
  }

  async function confirmNow(payer: Payer, paymentId: string, setupIntentId: string | null | undefined): Promise<ConfirmedPayment> {
    const started = Date.now();
    for (;;) {
      const p = await loadPayment(db, payer, paymentId);
      if (setupIntentId && setupIntentId !== p.setup_intent_id) throw paymentError('PAY009');
      const done = finalOutcome(p);
      if (done) return done;
      if (p.status === 'processing' && leaseFresh(p)) {
        // Another attempt is charging: wait for its outcome.
        if (Date.now() - started > waitMs) throw paymentError('PAY011');
        await sleep(pollMs);
        continue;
      }
      if (p.kind !== 'one_time') throw paymentError('PAY008', 'Scheduled payments are made on their date.');
      const method = await resolveMethod(p, setupIntentId);
      const claim = randomBytes(12).toString('base64url');
      const claimed = await db.transaction(async (tx) => {
        const row = await lockForClaim(tx, payer, paymentId);
        const takeover = row.status === 'processing' && !leaseFresh(row);
        if (!(row.status === 'setup' || takeover)) return false;
        // Nothing charged yet: the account and the balance less what is already being charged
        // decide, under the sub-ledger's row lock (concurrent claims on it queue there).
        const nothingCharged = !takeover || !row.charge_attempted_at;
        if (nothingCharged && row.payments_blocked) throw paymentError('PAY004');
        const now = clock();
        // charge_attempted_at in the same transaction: from the commit on, the amount is reserved
        // against the balance (see reservedCents) until the ledger entry is written. The amount
        // already reserved is read by this statement, which starts after the locks were taken, so
        // it sees every claim on the sub-ledger committed before ours.
        const { rows } = await tx.query(
          `UPDATE payments SET status = 'processing', claim_token = $2, claimed_at = $3, method_token = $4, method_brand = $5, method_last4 = $6,
                  method_bank_type = $7, charge_attempted_at = COALESCE(charge_attempted_at, $3), updated_at = $3
            WHERE id = $1${nothingCharged ? ` AND amount_cents <= $8::bigint - ${RESERVED_CENTS_SQL}` : ''}
           RETURNING id`,
          [row.id, claim, now, method.token, method.brand ?? null, method.last4, method.bankAccountType ?? null, ...(nothingCharged ? [n(row.sub_ledger_balance_cents)] : [])],
        );
        if (rows.length === 0) throw paymentError('PAY001');
        if (nothingCharged && !row.merchant_account) throw paymentError('PA007');
        return true;
      });
      if (!claimed) continue;
      let result: ChargeResult;
      try {
        result = await chargeHoldingClaim(p.id, claim, {
          merchantAccount: p.merchant_account!,
          token: method.token,
          amountCents: n(p.total_cents),
          // The payment id: a retry after a crash gets the first charge's result, never a second charge.
          idempotencyKey: p.id,
          description: `${p.association_name} account ${p.account_number} payment ${p.id}`,
        });
      } catch (error) {
        const notConnected = error instanceof ProviderNotConnectedError;
        if (notConnected) await db.query(`UPDATE payments SET charge_attempted_at = NULL WHERE id = $1 AND claim_token = $2`, [p.id, claim]);
        await release(p.id, claim, !notConnected);
        if (notConnected) throw paymentError('PA007');
        throw error;
      }
      let outcome: Awaited<ReturnType<typeof record>>;
      try {
        outcome = await record(payer, p.id, claim, result, method);
      } catch (error) {
        await release(p.id, claim, true);
        throw error;
      }
      if (outcome === 'lost') continue;
      if (!outcome.confirmed) {
        finalOutcome(outcome.row); // declined or failed: throws PAY002 / PAY007
        throw new Error('unreachable');
      }
      await sendReceipt(outcome.confirmed, outcome.row);
      return outcome.confirmed;
    }
  }

  async function confirmPayment(input: { payer: Payer; paymentId: string; setupIntentId?: string | null; idempotencyKey?: string | null }): Promise<ConfirmedPayment> {
    const { payer, idempotencyKey, ...request } = input;
    return withIdempotency(
      db,
      clock,
      { scope: payerScope(payer), operation: 'confirmPayment', key: idempotencyKey, request },
      () => confirmNow(payer, input.paymentId, input.setupIntentId),
      { log: deps.log },
    );
  }

  async function applyEvent(event: ProviderEvent): Promise<boolean> {
    return db.transaction(async (tx) => {
      const inserted = await tx.query(
        `INSERT INTO payment_provider_events (id, type, charge_id, occurred_at, applied_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING RETURNING id`,
        [event.id, event.type, event.chargeId, event.occurredAt, clock()],
      );
      if (inserted.rows.length === 0) return false;
      const { rows } = await tx.query<{ id: string; status: PaymentStatus; sub_ledger_id: number; amount_cents: string | number; confirmation_number: string | null }>(
        `SELECT id, status, sub_ledger_id, amount_cents, confirmation_number FROM payments WHERE provider_charge_id = $1 FOR UPDATE`,
        [event.chargeId],
      );
      const p = rows[0];
      if (!p) return true; // not ours (or not recorded yet): remembered, nothing to do
      await tx.query('UPDATE payment_provider_events SET payment_id = $2 WHERE id = $1', [event.id, p.id]);
      const now = clock();
      if (event.type === 'charge.settled' && p.status === 'pending') {
        await tx.query(`UPDATE payments SET status = 'succeeded', settled_at = $2, updated_at = $2 WHERE id = $1`, [p.id, now]);
      } else if (event.type === 'charge.returned' && (p.status === 'pending' || p.status === 'succeeded')) {
        await tx.query(
          `INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description, reference, payment_id, effective_date, created_at)
           VALUES ($1, 'payment_return', $2, $3, $4, $5, $6, $7)`,
          [p.sub_ledger_id, n(p.amount_cents), `Payment Return${event.reason ? `: ${event.reason}` : ''}`, `${p.confirmation_number ?? p.id}-R`, p.id, isoDate(now), now],
        );
        await tx.query(`UPDATE payments SET status = 'returned', returned_at = $2, failure_message = $3, updated_at = $2 WHERE id = $1`, [p.id, now, event.reason ?? null]);
      }
      return true;
    });
  }

  async function applyProviderEvents(): Promise<{ applied: number }> {
    const CURSOR = 'payments.provider_events_cursor';
    let applied = 0;
    for (let page = 0; page < 100; page++) {
      const { rows } = await db.query<{ value: string }>(`SELECT value FROM settings WHERE key = $1`, [CURSOR]);
      const cursor = rows[0]?.value ?? null;
      const { events, cursor: next } = await provider().listEvents(cursor);
      for (const event of events) if (await applyEvent(event)) applied++;
      if (next !== null && next !== cursor) {
        await db.query(`INSERT INTO settings (key, value, updated_at) VALUES ($1, $2, $3) ON CONFLICT (key) DO UPDATE SET value = $2, updated_at = $3`, [CURSOR, next, clock()]);
      }
      if (events.length === 0 || next === null || next === cursor) break;
    }
    return { applied };
  }

  // --- scheduled payments (signed-in future payments; server/payments/future.ts claims them) ---

  function payerOfRow(p: PaymentRow & { payer_user_id?: number | null }): Payer | null {
    if (p.payer_kind === 'user' && p.payer_user_id != null) return { kind: 'user', userId: n(p.payer_user_id), email: p.payer_email };
    if (p.payer_kind === 'express' && p.payer_user_id != null) return { kind: 'express', userId: n(p.payer_user_id), subLedgerId: n(p.sub_ledger_id), email: p.payer_email };
    if (p.payer_kind === 'guest' && p.guest_session_id) return { kind: 'guest', accountId: n(p.account_id), email: p.payer_email ?? '', sessionId: p.guest_session_id };
    return null;
  }

  /** Ends a claimed scheduled payment without charging it (nothing was charged). */
  async function failClaimed(paymentId: string, claim: string, code: string, message: string): Promise<ScheduledChargeOutcome> {
    const { rows } = await db.query(
      `UPDATE payments SET status = 'failed', failure_code = $3, failure_message = $4, claim_token = NULL, claimed_at = NULL, updated_at = $5
        WHERE id = $1 AND claim_token = $2 AND status = 'processing' AND charge_attempted_at IS NULL RETURNING id`,
      [paymentId, claim, code, message, clock()],
    );
    return rows.length ? { status: 'failed', failureCode: code } : 'lost';
  }

  async function chargeClaimed(paymentId: string, claim: string): Promise<ScheduledChargeOutcome> {
    const { rows } = await db.query<PaymentRow & { payer_user_id: number | null }>(`${PAYMENT_SELECT} WHERE p.id = $1`, [paymentId]);
    const p = rows[0];
    if (!p || p.claim_token !== claim || p.status !== 'processing') return 'lost';
    const payer = payerOfRow(p);
    if (!payer) return failClaimed(p.id, claim, 'PAY009', 'The payer of this payment is unknown.');
    if (!p.method_token || !p.merchant_account) return failClaimed(p.id, claim, 'PAY005', paymentMessages.PAY005);
    if (!p.charge_attempted_at) {
      // Nothing charged yet: the account and the balance (less what is reserved) still decide; the
      // check and the reservation (charge_attempted_at) are one transaction under the sub-ledger lock.
      const verdict = await db.transaction(async (tx): Promise<'lost' | 'reserved' | 'PAY004' | 'PAY001' | 'GP002'> => {
        const locked = await tx.query<PaymentRow>(`${PAYMENT_SELECT} WHERE p.id = $1 FOR UPDATE OF p`, [p.id]);
        const row = locked.rows[0];
        if (!row || row.claim_token !== claim || row.status !== 'processing') return 'lost';
        try {
          await checkAvailable(tx, payer, row);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          return error.errorCode === 'PAY004' || error.errorCode === 'PAY001' ? error.errorCode : 'GP002';
        }
        await tx.query(`UPDATE payments SET charge_attempted_at = COALESCE(charge_attempted_at, $2) WHERE id = $1 AND claim_token = $3`, [p.id, clock(), claim]);
        return 'reserved';
      });
      if (verdict === 'lost') return 'lost';
      if (verdict !== 'reserved') return failClaimed(p.id, claim, verdict, paymentMessages[verdict]);
    }
    const method: TokenizedMethod = { token: p.method_token, kind: p.method_kind, brand: p.method_brand ?? undefined, last4: p.method_last4 ?? '' };
    let result: ChargeResult;
    try {
      result = await chargeHoldingClaim(p.id, claim, {
        merchantAccount: p.merchant_account,
        token: p.method_token,
        amountCents: n(p.total_cents),
        idempotencyKey: p.id,
        description: `${p.association_name} account ${p.account_number} payment ${p.id}`,
      });
    } catch (error) {
      if (error instanceof ProviderNotConnectedError) {
        await db.query(`UPDATE payments SET charge_attempted_at = NULL WHERE id = $1 AND claim_token = $2`, [p.id, claim]);
        return failClaimed(p.id, claim, 'PA007', paymentMessages.PA007);
      }
      await release(p.id, claim, true);
      throw error;
    }
    let outcome: Awaited<ReturnType<typeof record>>;
    try {
      outcome = await record(payer, p.id, claim, result, method);
    } catch (error) {
      await release(p.id, claim, true);
      if (error instanceof ApiError && error.errorCode === 'PAY010') return { status: 'processing', failureCode: result.failure?.code ?? null };
      throw error;
    }
    if (outcome === 'lost') return 'lost';
    if (!outcome.confirmed) return { status: outcome.row.status === 'declined' ? 'declined' : 'failed', failureCode: result.failure?.code ?? null };
    await sendReceipt(outcome.confirmed, outcome.row);
    return { status: outcome.confirmed.status, confirmed: outcome.confirmed };
  }

  return { setupPayment, updateSetup, cancelSetup, confirmPayment, duplicateWarning, applyProviderEvents, chargeClaimed };
}
