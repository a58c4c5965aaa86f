// The sandbox provider's own service layer: the provider's side of the line. It owns the sandbox_*
// tables (which hold the full test numbers, as a real provider's systems would) and is used by the
// hosted entry routes (routes.ts) and by the adapter our payments code calls (adapter.ts). Nothing
// here is imported by our payments code directly.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db, Queryable } from '../db/index.ts';
import type { Clock } from '../clock.ts';
import {
  BankDetailsRejectedError,
  IdempotencyMismatchError,
  ProviderNotConnectedError,
  type BankAccountInput,
  type BankAccountType,
  type CardBrand,
  type ChargeResult,
  type MethodKind,
  type ProviderEvent,
  type TokenizedMethod,
} from '../payments/provider.ts';
import { bankBehavior, cardBehavior, RETURN_REASONS, SETTLEMENT_BUSINESS_DAYS, type TestBehavior } from './test-numbers.ts';
import { addBusinessDays, utcDate } from './business-days.ts';
import { validateBank, validateCard, type FieldErrors } from './validate.ts';

export const SANDBOX_BANK_NAME = 'Sandbox Test Bank';
export const SETUP_INTENT_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const MAX_CHARGE_CENTS = 99_999_999;

/** A request the sandbox refuses (unknown object, bad parameter, wrong state), like a provider's 4xx. */
export class SandboxProviderError extends Error {
  readonly code: string;
  readonly status: number;
  readonly fields: FieldErrors | undefined;
  constructor(code: string, message: string, status = 400, fields?: FieldErrors) {
    super(message);
    this.name = 'SandboxProviderError';
    this.code = code;
    this.status = status;
    this.fields = fields;
  }
}

export interface SandboxDeps {
  db: Db;
  clock: Clock;
}

function newId(prefix: string, bytes = 12): string {
  return `${prefix}_${randomBytes(bytes).toString('hex')}`;
}

/** Any `acct_...` merchant account is connected, except `acct_test_unconnected...`. */
export function isConnectedMerchant(merchantAccount: string): boolean {
  return typeof merchantAccount === 'string' && merchantAccount.startsWith('acct_') && !merchantAccount.startsWith('acct_test_unconnected');
}

function requireConnected(merchantAccount: string): void {
  if (!isConnectedMerchant(merchantAccount)) throw new ProviderNotConnectedError(`The merchant account '${String(merchantAccount)}' is not connected to the sandbox provider`);
}

function secretsEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function hostedEntryPath(setupIntentId: string, clientSecret: string, kind: MethodKind): string {
  return `/sandbox-provider/entry/${encodeURIComponent(setupIntentId)}?secret=${encodeURIComponent(clientSecret)}&kind=${kind}`;
}

// ---------------------------------------------------------------- setup intents and methods

interface IntentRow {
  id: string;
  client_secret: string;
  merchant_account: string;
  kind: MethodKind;
  customer_ref: string;
  status: 'pending' | 'succeeded';
  method_id: string | null;
  expires_at: Date | string;
  charge_cents: string | number | null;
}

const INTENT_COLUMNS = 'id, client_secret, merchant_account, kind, customer_ref, status, method_id, expires_at, charge_cents';

function checkChargeCents(chargeCents: unknown): number | null {
  if (chargeCents === undefined || chargeCents === null) return null;
  if (!Number.isSafeInteger(chargeCents) || (chargeCents as number) < 1) throw new SandboxProviderError('invalid_amount', 'chargeCents must be a positive whole number of cents');
  return chargeCents as number;
}

export async function createSetupIntent(deps: SandboxDeps, input: { merchantAccount: string; kind: MethodKind; customerRef: string; chargeCents?: number | null }) {
  requireConnected(input.merchantAccount);
  if (input.kind !== 'card' && input.kind !== 'bank') throw new SandboxProviderError('invalid_request', `kind must be card or bank, got '${String(input.kind)}'`);
  const chargeCents = checkChargeCents(input.chargeCents);
  const id = newId('seti');
  const clientSecret = `${id}_secret_${randomBytes(18).toString('base64url')}`;
  const now = deps.clock();
  await deps.db.query(
    `INSERT INTO sandbox_setup_intents (id, client_secret, merchant_account, kind, customer_ref, created_at, expires_at, charge_cents)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [id, clientSecret, input.merchantAccount, input.kind, String(input.customerRef ?? ''), now, new Date(now.getTime() + SETUP_INTENT_LIFETIME_MS), chargeCents],
  );
  return { setupIntentId: id, clientSecret, hostedEntryUrl: hostedEntryPath(id, clientSecret, input.kind) };
}

/** What a pending intent's payment will charge once the method is entered (null: nothing then). */
export async function updateSetupIntentCharge(deps: SandboxDeps, setupIntentId: string, chargeCents: number | null): Promise<void> {
  await deps.db.query(`UPDATE sandbox_setup_intents SET charge_cents = $2 WHERE id = $1 AND status = 'pending'`, [setupIntentId, checkChargeCents(chargeCents)]);
}

/** The intent when the client secret matches (for the hosted page); null otherwise. */
export async function findIntentForEntry(deps: SandboxDeps, setupIntentId: string, clientSecret: string): Promise<IntentRow | null> {
  const { rows } = await deps.db.query<IntentRow>(
    `SELECT ${INTENT_COLUMNS} FROM sandbox_setup_intents WHERE id = $1`,
    [setupIntentId],
  );
  const intent = rows[0];
  if (!intent || typeof clientSecret !== 'string' || !secretsEqual(intent.client_secret, clientSecret)) return null;
  return intent;
}

const METHOD_DISPLAY_COLUMNS = 'id, kind, card_brand, last4, exp_month, exp_year, bank_account_type, bank_name';

interface MethodDisplayRow {
  id: string;
  kind: MethodKind;
  card_brand: CardBrand | null;
  last4: string;
  exp_month: number | null;
  exp_year: number | null;
  bank_account_type: BankAccountType | null;
  bank_name: string | null;
}

function toTokenized(row: MethodDisplayRow): TokenizedMethod {
  const method: TokenizedMethod = { token: row.id, kind: row.kind, last4: row.last4 };
  if (row.kind === 'card') {
    method.brand = row.card_brand ?? undefined;
    method.expMonth = Number(row.exp_month);
    method.expYear = Number(row.exp_year);
  } else {
    method.bankAccountType = row.bank_account_type ?? undefined;
    method.bankName = row.bank_name ?? undefined;
  }
  return method;
}

/** Validates what was typed on the hosted page, stores the method and completes the intent. */
export async function attachMethod(deps: SandboxDeps, setupIntentId: string, body: Record<string, unknown>): Promise<TokenizedMethod> {
  const now = deps.clock();
  const { rows } = await deps.db.query<IntentRow>(`SELECT ${INTENT_COLUMNS} FROM sandbox_setup_intents WHERE id = $1`, [setupIntentId]);
  const intent = rows[0];
  if (!intent || typeof body.secret !== 'string' || !secretsEqual(intent.client_secret, body.secret)) {
    throw new SandboxProviderError('resource_missing', 'This card or bank entry link is not valid. Start again from the payment page.', 404);
  }
  const alreadySaved = () => new SandboxProviderError('setup_intent_unexpected_state', 'These details were already saved. Start again from the payment page to enter others.', 409);
  if (intent.status !== 'pending') throw alreadySaved();
  if (new Date(intent.expires_at).getTime() <= now.getTime()) throw new SandboxProviderError('setup_intent_expired', 'This entry link has expired. Start again from the payment page.', 410);
  if (typeof body.kind === 'string' && body.kind !== intent.kind) throw new SandboxProviderError('invalid_request', `This entry link is for a ${intent.kind === 'card' ? 'card' : 'bank account'}.`, 400);

  const methodId = newId('pm');
  const fields = methodFields(intent, body, now);
  const names = Object.keys(fields);
  // Completing the intent and storing its method are one statement: the method is stored only if
  // this request completed an intent still pending (of two attaches at once, the second finds it
  // completed and stores nothing).
  const { rows: stored } = await deps.db.query<MethodDisplayRow>(
    `WITH completed AS (UPDATE sandbox_setup_intents SET status = 'succeeded', method_id = $1 WHERE id = $2 AND status = 'pending' RETURNING id)
     INSERT INTO sandbox_methods (id, ${names.join(', ')})
     SELECT $1, ${names.map((name, i) => `$${i + 3}::${fields[name].type}`).join(', ')} FROM completed
     RETURNING ${METHOD_DISPLAY_COLUMNS}`,
    [methodId, intent.id, ...names.map((name) => fields[name].value)],
  );
  if (!stored[0]) throw alreadySaved();
  return toTokenized(stored[0]);
}

/** The columns of a new method from what was typed (validated; 400 invalid_details otherwise), with their SQL types. */
function methodFields(intent: IntentRow, body: Record<string, unknown>, now: Date): Record<string, { value: unknown; type: string }> {
  const text = (value: unknown) => ({ value, type: 'text' });
  const common = { merchant_account: text(intent.merchant_account), customer_ref: text(intent.customer_ref), kind: text(intent.kind), created_at: { value: now, type: 'timestamptz' } };
  if (intent.kind === 'card') {
    const result = validateCard(body, now);
    if (!result.ok) throw invalidFields(result.errors);
    const c = result.value;
    return {
      ...common,
      test_behavior: text(cardBehavior(c.number)),
      card_number: text(c.number),
      card_brand: text(c.brand),
      exp_month: { value: c.expMonth, type: 'integer' },
      exp_year: { value: c.expYear, type: 'integer' },
      holder_name: text(c.name),
      last4: text(c.number.slice(-4)),
    };
  }
  const result = validateBank(body);
  if (!result.ok) throw invalidFields(result.errors);
  const b = result.value;
  return {
    ...common,
    test_behavior: text(bankBehavior(b.routingNumber, b.accountNumber)),
    routing_number: text(b.routingNumber),
    account_number: text(b.accountNumber),
    bank_account_type: text(b.accountType),
    bank_name: text(SANDBOX_BANK_NAME),
    holder_name: text(b.holderName),
    last4: text(b.accountNumber.slice(-4)),
  };
}

function invalidFields(errors: FieldErrors): SandboxProviderError {
  const first = Object.values(errors)[0];
  return new SandboxProviderError('invalid_details', first, 400, errors);
}

/**
 * Tokenizes a bank account typed into the portal's own form (auto-draft), without a setup intent:
 * the same checks and test numbers as the hosted page's bank entry, stored the same way. The bank
 * name is the one typed (a real provider would name the bank from the routing number).
 */
export async function tokenizeBankAccount(deps: SandboxDeps, input: BankAccountInput): Promise<TokenizedMethod> {
  requireConnected(input.merchantAccount);
  const result = validateBank({ routingNumber: input.routingNumber, accountNumber: input.accountNumber, accountType: input.accountType, holderName: input.holderName });
  if (!result.ok) throw new BankDetailsRejectedError(Object.values(result.errors)[0], result.errors);
  const b = result.value;
  const bankName = String(input.bankName ?? '').trim().slice(0, 100) || SANDBOX_BANK_NAME;
  const { rows } = await deps.db.query<MethodDisplayRow>(
    `INSERT INTO sandbox_methods (id, merchant_account, customer_ref, kind, test_behavior, routing_number, account_number, bank_account_type, bank_name,
                                  holder_name, last4, created_at)
     VALUES ($1, $2, $3, 'bank', $4, $5, $6, $7, $8, $9, $10, $11)
     RETURNING ${METHOD_DISPLAY_COLUMNS}`,
    [newId('pm'), input.merchantAccount, String(input.customerRef ?? ''), bankBehavior(b.routingNumber, b.accountNumber), b.routingNumber, b.accountNumber,
     b.accountType, bankName, b.holderName, b.accountNumber.slice(-4), deps.clock()],
  );
  return toTokenized(rows[0]);
}

export async function retrieveSetupIntent(deps: SandboxDeps, setupIntentId: string): Promise<{ status: 'pending' | 'succeeded'; method: TokenizedMethod | null }> {
  const columns = METHOD_DISPLAY_COLUMNS.split(', ').map((c) => `m.${c}`).join(', ');
  const { rows } = await deps.db.query<Omit<MethodDisplayRow, 'id'> & { id: string | null; intent_status: 'pending' | 'succeeded' }>(
    `SELECT i.status AS intent_status, ${columns} FROM sandbox_setup_intents i LEFT JOIN sandbox_methods m ON m.id = i.method_id WHERE i.id = $1`,
    [setupIntentId],
  );
  const row = rows[0];
  if (!row) throw new SandboxProviderError('resource_missing', `No such setup intent: '${setupIntentId}'`, 404);
  const { intent_status: status, ...method } = row;
  return { status, method: method.id === null ? null : toTokenized(method as MethodDisplayRow) };
}

// ---------------------------------------------------------------- idempotency

function requestHash(params: object): string {
  return createHash('sha256').update(JSON.stringify(params)).digest('hex');
}

interface StoredResponse<T> {
  result: T;
  /** A stored transient failure: the next request with the key runs again instead of replaying. */
  retryable?: boolean;
}

/** What a request did: its response (stored under its key), and the last write it still has to make. */
interface Performed<T> {
  response: StoredResponse<T>;
  /** Made in one statement with storing the response (a round trip fewer); its own parameters are $1, $2, … */
  lastWrite?: { sql: string; params: unknown[] };
}

/** A row the request needs read with the key's claim, in the same statement: a SELECT of at most one row whose parameters are $5, $6, … */
interface Lookup {
  sql: string;
  params: unknown[];
}

function checkKey(key: unknown): void {
  if (typeof key !== 'string' || key.length < 1 || key.length > 255) throw new SandboxProviderError('invalid_request', 'The idempotency key must be 1 to 255 characters.');
}

/**
 * Runs `perform` once per (scope, key) inside one transaction holding the key's row lock, so
 * concurrent requests with one key wait for the first and then replay its stored result.
 */
async function idempotent<T, Looked extends object = Record<string, never>>(
  deps: SandboxDeps,
  scope: string,
  key: string,
  params: object,
  perform: (tx: Queryable, previous: StoredResponse<T> | null, looked: Partial<Looked>) => Promise<Performed<T>>,
  lookup?: Lookup,
): Promise<T> {
  checkKey(key);
  const hash = requestHash(params);
  return deps.db.transaction(async (tx) => {
    // Inserted, or (already there) locked and read as the last request left it: one statement.
    const claim = `INSERT INTO sandbox_idempotency (scope, key, request_hash, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (scope, key) DO UPDATE SET request_hash = sandbox_idempotency.request_hash
       RETURNING request_hash, response`;
    const { rows } = await tx.query<{ request_hash: string; response: StoredResponse<T> | string | null } & Partial<Looked>>(
      lookup ? `WITH claimed AS (${claim}) SELECT looked.*, claimed.request_hash, claimed.response FROM claimed LEFT JOIN (${lookup.sql}) looked ON true` : claim,
      [scope, key, hash, deps.clock(), ...(lookup?.params ?? [])],
    );
    const { request_hash: requestHashSeen, response: responseSeen, ...looked } = rows[0];
    if (requestHashSeen !== hash) throw new IdempotencyMismatchError(`The idempotency key '${key}' was already used with different parameters`);
    const stored = typeof responseSeen === 'string' ? (JSON.parse(responseSeen) as StoredResponse<T>) : responseSeen;
    if (stored && !stored.retryable) return stored.result;
    const { response, lastWrite } = await perform(tx, stored, looked as unknown as Partial<Looked>);
    // The last write's parameters come first; storing the response takes the next three.
    const taken = lastWrite?.params.length ?? 0;
    const store = `UPDATE sandbox_idempotency SET response = $${taken + 1} WHERE scope = $${taken + 2} AND key = $${taken + 3}`;
    await tx.query(lastWrite ? `WITH performed AS (${lastWrite.sql}) ${store}` : store, [...(lastWrite?.params ?? []), JSON.stringify(response), scope, key]);
    return response.result;
  });
}

// ---------------------------------------------------------------- charges

export interface ChargeInput {
  merchantAccount: string;
  token: string;
  amountCents: number;
  idempotencyKey: string;
  description: string;
}

/** A new charge's outcome, as the test number of its method decides it. */
function newChargeOutcome(behavior: TestBehavior, now: Date): { result: ChargeResult; settleOn: string | null; outcome: 'settle' | 'return' | null } {
  const chargeId = newId('ch');
  switch (behavior) {
    case 'decline':
      return { result: { chargeId, status: 'declined', failure: { code: 'card_declined', message: 'Your card was declined.', transient: false } }, settleOn: null, outcome: null };
    case 'transient_failure':
      return {
        result: { chargeId, status: 'failed', failure: { code: 'processing_error', message: 'An error occurred while processing the card. Try again.', transient: true } },
        settleOn: null,
        outcome: null,
      };
    case 'settle':
    case 'return':
      return { result: { chargeId, status: 'pending' }, settleOn: addBusinessDays(now, SETTLEMENT_BUSINESS_DAYS), outcome: behavior };
    default:
      return { result: { chargeId, status: 'succeeded' }, settleOn: null, outcome: null };
  }
}

/** The charge's row, its parameters being $1 … $12 in this order. */
const CHARGE_COLUMNS = `sandbox_charges (id, merchant_account, method_id, amount_cents, description, status, failure_code, failure_message, failure_transient, settle_on, settlement_outcome, created_at)`;
function chargeRow(input: ChargeInput, made: ReturnType<typeof newChargeOutcome>, now: Date): unknown[] {
  const { result } = made;
  return [result.chargeId, input.merchantAccount, input.token, input.amountCents, String(input.description ?? '').slice(0, 500), result.status, result.failure?.code ?? null, result.failure?.message ?? null, result.failure?.transient ?? null, made.settleOn, made.outcome, now];
}

type ChargedMethod = { test_behavior: TestBehavior; method_merchant: string };

function checkMethod(found: Partial<ChargedMethod>, input: ChargeInput): asserts found is ChargedMethod {
  if (!found.test_behavior || found.method_merchant !== input.merchantAccount) throw new SandboxProviderError('resource_missing', `No such payment method: '${input.token}'`, 404);
}

/**
 * A key's first charge, as nearly every charge is: the method and whether the key was used are
 * read in one statement, then the key's stored answer and the charge are written in one statement
 * (a transaction of its own), instead of the four round trips of a transaction holding the key's
 * lock. Answers null when the key was used before, or when another request took it between the two
 * statements (its insert then writes nothing): `idempotent` then waits for it and replays it.
 */
async function firstCharge(deps: SandboxDeps, scope: string, hash: string, input: ChargeInput): Promise<ChargeResult | null> {
  const { rows } = await deps.db.query<Partial<ChargedMethod> & { key_used: boolean }>(
    `SELECT m.test_behavior, m.merchant_account AS method_merchant,
            EXISTS (SELECT 1 FROM sandbox_idempotency WHERE scope = $1 AND key = $2) AS key_used
       FROM (SELECT 1) one LEFT JOIN sandbox_methods m ON m.id = $3`,
    [scope, input.idempotencyKey, input.token],
  );
  if (rows[0].key_used) return null;
  checkMethod(rows[0], input);
  const now = deps.clock();
  const made = newChargeOutcome(rows[0].test_behavior, now);
  const response: StoredResponse<ChargeResult> = { result: made.result, retryable: made.result.failure?.transient === true };
  const written = await deps.db.query(
    `WITH claimed AS (
       INSERT INTO sandbox_idempotency (scope, key, request_hash, created_at, response) VALUES ($13, $14, $15, $12, $16)
       ON CONFLICT (scope, key) DO NOTHING RETURNING key)
     INSERT INTO ${CHARGE_COLUMNS}
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10::date, $11, $12 FROM claimed RETURNING id`,
    [...chargeRow(input, made, now), scope, input.idempotencyKey, hash, JSON.stringify(response)],
  );
  return written.rows.length === 1 ? made.result : null;
}

export async function charge(deps: SandboxDeps, input: ChargeInput): Promise<ChargeResult> {
  requireConnected(input.merchantAccount);
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1 || input.amountCents > MAX_CHARGE_CENTS) {
    throw new SandboxProviderError('invalid_amount', `amountCents must be a whole number of cents from 1 to ${MAX_CHARGE_CENTS}`);
  }
  checkKey(input.idempotencyKey);
  const params = { merchantAccount: input.merchantAccount, token: input.token, amountCents: input.amountCents };
  const scope = `charge:${input.merchantAccount}`;
  const first = await firstCharge(deps, scope, requestHash(params), input);
  if (first) return first;
  // The method to charge is read with the key's claim (methods never change once stored).
  const method = { sql: 'SELECT test_behavior, merchant_account AS method_merchant FROM sandbox_methods WHERE id = $5', params: [input.token] };
  return idempotent<ChargeResult, ChargedMethod>(deps, scope, input.idempotencyKey, params, async (_tx, previous, found) => {
    checkMethod(found, input);
    if (previous) {
      // A retry of a transient failure: the same charge, attempted again (the test card succeeds on its 2nd attempt).
      const chargeId = previous.result.chargeId;
      return {
        response: { result: { chargeId, status: 'succeeded' } },
        lastWrite: {
          sql: `UPDATE sandbox_charges SET status = 'succeeded', failure_code = NULL, failure_message = NULL, failure_transient = NULL, attempts = attempts + 1 WHERE id = $1`,
          params: [chargeId],
        },
      };
    }
    const now = deps.clock();
    const made = newChargeOutcome(found.test_behavior, now);
    return {
      response: { result: made.result, retryable: made.result.failure?.transient === true },
      lastWrite: { sql: `INSERT INTO ${CHARGE_COLUMNS} VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::date, $11, $12)`, params: chargeRow(input, made, now) },
    };
  }, method);
}

export async function refund(deps: SandboxDeps, input: { chargeId: string; amountCents: number; idempotencyKey: string }): Promise<{ refundId: string; status: 'succeeded' | 'pending' }> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1) throw new SandboxProviderError('invalid_amount', 'amountCents must be a positive whole number of cents');
  const params = { chargeId: input.chargeId, amountCents: input.amountCents };
  return idempotent<{ refundId: string; status: 'succeeded' | 'pending' }>(deps, 'refund', input.idempotencyKey, params, async (tx) => {
    const { rows } = await tx.query<{ status: string; amount_cents: string | number; refunded_cents: string | number }>(
      'SELECT status, amount_cents, refunded_cents FROM sandbox_charges WHERE id = $1 FOR UPDATE',
      [input.chargeId],
    );
    const ch = rows[0];
    if (!ch) throw new SandboxProviderError('resource_missing', `No such charge: '${input.chargeId}'`, 404);
    if (ch.status !== 'succeeded') throw new SandboxProviderError('charge_not_refundable', `Only succeeded charges can be refunded; this one is ${ch.status}`, 409);
    const left = Number(ch.amount_cents) - Number(ch.refunded_cents);
    if (input.amountCents > left) throw new SandboxProviderError('amount_too_large', `The refund (${input.amountCents} cents) is more than what is left to refund (${left} cents)`);
    const refundId = newId('re');
    await tx.query('UPDATE sandbox_charges SET refunded_cents = refunded_cents + $2 WHERE id = $1', [input.chargeId, input.amountCents]);
    return {
      response: { result: { refundId, status: 'succeeded' } },
      lastWrite: {
        sql: `INSERT INTO sandbox_refunds (id, charge_id, amount_cents, status, created_at) VALUES ($1, $2, $3, 'succeeded', $4)`,
        params: [refundId, input.chargeId, input.amountCents, deps.clock()],
      },
    };
  });
}

// ---------------------------------------------------------------- settlement and events

const SETTLEMENT_BATCH = 100;

/**
 * Settles or returns every pending bank debit due on or before `now`'s UTC date. Each batch is
 * claimed with FOR UPDATE SKIP LOCKED and updated in the same transaction, so two instances never
 * settle one charge twice. Returns how many charges it settled or returned.
 */
export async function settleDue(db: Db, now: Date): Promise<number> {
  const today = utcDate(now);
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string; merchant_account: string; settlement_outcome: 'settle' | 'return' }>(
        `SELECT id, merchant_account, settlement_outcome FROM sandbox_charges
         WHERE status = 'pending' AND settle_on <= $1::date
         ORDER BY settle_on, created_at, id LIMIT ${SETTLEMENT_BATCH} FOR UPDATE SKIP LOCKED`,
        [today],
      );
      if (!rows.length) return 0;
      for (const row of rows) {
        const returned = row.settlement_outcome === 'return';
        const updated = await tx.query(
          `UPDATE sandbox_charges SET status = $2, return_reason = $3, settled_at = $4 WHERE id = $1 AND status = 'pending'`,
          [row.id, returned ? 'returned' : 'succeeded', returned ? 'R01' : null, now],
        );
        if (updated.rowCount !== 1) continue;
        // The sequence row's lock orders events by commit: a later-committing event gets a larger seq.
        const { rows: seqRows } = await tx.query<{ last_seq: string | number }>('UPDATE sandbox_event_sequence SET last_seq = last_seq + 1 WHERE id = 1 RETURNING last_seq');
        await tx.query(
          `INSERT INTO sandbox_events (seq, id, type, charge_id, merchant_account, reason, occurred_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [seqRows[0].last_seq, newId('evt'), returned ? 'charge.returned' : 'charge.settled', row.id, row.merchant_account, returned ? 'R01' : null, now],
        );
      }
      return rows.length;
    });
    total += done;
    if (done < SETTLEMENT_BATCH) return total;
  }
}

export const EVENTS_PAGE_SIZE = 100;

/** Events after the cursor (the last seq seen), oldest first; the cursor only moves forward. */
export async function listEvents(deps: SandboxDeps, cursor: string | null): Promise<{ events: ProviderEvent[]; cursor: string | null }> {
  let after = 0;
  if (cursor !== null && cursor !== undefined) {
    if (!/^\d{1,18}$/.test(cursor)) throw new SandboxProviderError('invalid_cursor', `Not an event cursor: '${cursor}'`);
    after = Number(cursor);
  }
  const { rows } = await deps.db.query<{ seq: string | number; id: string; type: ProviderEvent['type']; charge_id: string; reason: string | null; occurred_at: Date | string }>(
    `SELECT seq, id, type, charge_id, reason, occurred_at FROM sandbox_events WHERE seq > $1 ORDER BY seq LIMIT ${EVENTS_PAGE_SIZE}`,
    [after],
  );
  const events: ProviderEvent[] = rows.map((r) => {
    const event: ProviderEvent = { id: r.id, type: r.type, chargeId: r.charge_id, occurredAt: new Date(r.occurred_at).toISOString() };
    if (r.reason) event.reason = r.reason;
    return event;
  });
  const last = rows.at(-1);
  return { events, cursor: last ? String(last.seq) : cursor ?? null };
}

export function returnReasonText(code: string): string {
  return (RETURN_REASONS as Record<string, string>)[code] ?? code;
}
