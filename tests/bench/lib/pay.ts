// The guest payment figures: Setup + the hosted entry page's attach call + Confirm, by 50 payers at
// once, through the real server on PostgreSQL (openapi/guest-pay.yaml, docs/payments.md,
// docs/sandbox-provider.md). Each payer has a bench account of its own (inserted into the fresh
// bench database with a large balance) and one guest session, made up front within the limiter.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { apiClients, fetchTransport, type ApiClients } from '../../support/api/clients.ts';
import { expectAnswer, OperationError } from './answers.ts';
import { sleep } from './procs.ts';
import { profileClock } from './profile-report.ts';

export const PAYERS = 50;
const WARMUP_MS = 2_000;
const DURATION_MS = 8_000;
const REQUEST_TIMEOUT_MS = 30_000; // Confirm may wait up to 30 s for a concurrent claim (PAY011 after)
/** Account numbers of the bench accounts: 99000001, 99000002, … (the demo data uses 6 digits). */
const ACCOUNT_BASE = 99_000_000;
const ZIP = '30301';
/** Each bench sub-ledger's balance: $10,000.00, ten thousand times what any run pays (1 cent a payment). */
const BALANCE_CENTS = 1_000_000;
/** The sandbox provider's always-succeeding Visa (server/sandbox-provider/test-numbers.ts). */
const TEST_CARD = '4242424242424242';

export interface PayResult {
  rps: number; p99: number; p50: number; operations: number; seconds: number;
  /** Every operation run, warm-up and tail included, all 2xx. */
  total: number;
  /** The measured window on the CPU profile's clock (µs, lib/profile-report.ts). */
  window: { from: number; to: number };
  notes: string[];
}

interface Payer { accountNumber: string; subLedgerId: number; email: string; token: string; api: ApiClients }

/** One request to what is not an API operation (the sandbox provider's page); anything but the expected status is an OperationError. */
async function call(step: string, url: string, init: { method: string; body: unknown }, expected: number) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  let response: Response;
  try {
    response = await fetch(url, { method: init.method, headers, body: JSON.stringify(init.body), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    throw new OperationError(`${step}: ${(error as Error).name === 'TimeoutError' ? `no answer within ${REQUEST_TIMEOUT_MS / 1000} s` : (error as Error).message}`);
  }
  const text = await response.text();
  if (response.status !== expected) throw new OperationError(`${step} answered ${response.status}: ${text.slice(0, 300)}`);
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new OperationError(`${step} answered ${response.status} without JSON: ${text.slice(0, 200)}`);
  }
}

/** The card as the hosted entry page posts it (server/sandbox-provider/assets/entry.js): secret, kind and the form's fields. */
function cardDetails(secret: string) {
  const expiryYear = (new Date().getUTCFullYear() + 5) % 100;
  return { secret, kind: 'card', number: TEST_CARD, expiry: `12/${String(expiryYear).padStart(2, '0')}`, cvc: '123', name: 'Bench Payer' };
}

/** Setup, attach, Confirm: one payment of 1 cent by card. Resolves with nothing; throws OperationError. */
async function pay(baseUrl: string, payer: Payer): Promise<void> {
  const setup = await expectAnswer('Setup (createGuestPayment)', payer.api.guestPay.createGuestPayment(
    { subLedgerId: payer.subLedgerId, amountCents: 1, methodKind: 'card' }, { headers: { 'idempotency-key': randomUUID() } },
  ), 201);
  const { paymentId, setupIntentId, clientSecret } = setup;
  await call('attach (POST /sandbox-provider/api/setup-intents/:id/attach)',
    `${baseUrl}/sandbox-provider/api/setup-intents/${encodeURIComponent(setupIntentId)}/attach`,
    { method: 'POST', body: cardDetails(clientSecret) }, 200);
  const confirmed = await expectAnswer('Confirm (confirmGuestPayment)', payer.api.guestPay.confirmGuestPayment(
    paymentId, { setupIntentId }, { headers: { 'idempotency-key': randomUUID() } },
  ), 200);
  if (confirmed.status !== 'succeeded') throw new OperationError(`Confirm answered status "${String(confirmed.status)}", not "succeeded"`);
}

/** Inserts one bench account per payer (in a connected association that takes cards), each with a large charge. */
async function createBenchAccounts(databaseUrl: string): Promise<Array<{ accountNumber: string; subLedgerId: number }>> {
  const db = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  db.on('error', () => undefined);
  await db.connect();
  try {
    await db.query('BEGIN');
    // Maple Grove when the demo data has it; else any association the sandbox can charge by card.
    const { rows: associations } = await db.query<{ id: number; code: string }>(
      `SELECT id, code FROM associations
        WHERE accepts_card AND provider_account LIKE 'acct\\_%' AND provider_account NOT LIKE 'acct\\_test\\_unconnected%'
        ORDER BY (code = 'maplegrove') DESC, id LIMIT 1`,
    );
    if (associations.length === 0) throw new Error('the demo data has no association connected to the sandbox provider that accepts cards');
    const created: Array<{ accountNumber: string; subLedgerId: number }> = [];
    for (let i = 1; i <= PAYERS; i += 1) {
      const accountNumber = String(ACCOUNT_BASE + i);
      const account = await db.query<{ id: number }>(
        `INSERT INTO accounts (association_id, account_number, address1, city, state_province, postal_code)
         VALUES ($1, $2, $3, 'Atlanta', 'GA', $4) RETURNING id`,
        [associations[0].id, accountNumber, `${i} Bench Way`, ZIP],
      );
      const subLedger = await db.query<{ id: number }>(
        `INSERT INTO sub_ledgers (account_id, name, position) VALUES ($1, 'Assessments', 0) RETURNING id`, [account.rows[0].id],
      );
      // The balance comes from a ledger entry (the trigger of 001 keeps sub_ledgers.balance_cents equal to their sum).
      await db.query(
        `INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description) VALUES ($1, 'charge', $2, 'Bench balance')`,
        [subLedger.rows[0].id, BALANCE_CENTS],
      );
      created.push({ accountNumber, subLedgerId: Number(subLedger.rows[0].id) });
    }
    await db.query('COMMIT');
    return created;
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await db.end().catch(() => undefined);
  }
}

/** Counts what the run left in the database: succeeded payments and their ledger entries on the bench accounts. */
async function countPayments(databaseUrl: string): Promise<{ payments: number; entries: number; charges: number }> {
  const db = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  db.on('error', () => undefined);
  await db.connect();
  try {
    const { rows } = await db.query<{ payments: string; entries: string; charges: string }>(
      `SELECT (SELECT count(*) FROM payments p JOIN accounts a ON a.id = p.account_id
                WHERE a.account_number::bigint > $1 AND p.status = 'succeeded') AS payments,
              (SELECT count(*) FROM ledger_entries e JOIN sub_ledgers s ON s.id = e.sub_ledger_id JOIN accounts a ON a.id = s.account_id
                WHERE a.account_number::bigint > $1 AND e.kind = 'payment') AS entries,
              (SELECT count(*) FROM sandbox_charges) AS charges`,
      [ACCOUNT_BASE],
    );
    return { payments: Number(rows[0].payments), entries: Number(rows[0].entries), charges: Number(rows[0].charges) };
  } finally {
    await db.end().catch(() => undefined);
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Creates the bench accounts and the 50 guest sessions, then runs 50 async workers, each paying in
 * a loop: 2 s of warm-up, then 8 s measured. An operation counts when it completes inside the
 * measured window; workers start no operation after it and the ones in flight finish (and must be
 * 2xx too). Throws when any operation fails.
 */
export async function runPayBench(baseUrl: string, databaseUrl: string, onWindow?: (edge: 'start' | 'end') => void): Promise<PayResult> {
  const notes: string[] = [];
  const accounts = await createBenchAccounts(databaseUrl);
  const transport = fetchTransport(baseUrl, REQUEST_TIMEOUT_MS);
  const publicApi = apiClients(transport);

  // Guest sessions are rate limited (server/ratelimit.ts: 100 per IP and 10 per account number and
  // IP, in fixed 15-minute windows, counted in the database) and the server reads no setting to
  // raise that (server/config.ts). One session per bench account, 50 from this IP on a fresh
  // database: within both limits. A few at a time, so the sessions do not queue behind each other.
  const payers: Payer[] = new Array(accounts.length);
  let next = 0;
  await Promise.all(Array.from({ length: 5 }, async () => {
    while (next < accounts.length) {
      const i = next++;
      const email = `bench.payer${i + 1}@example.com`;
      let token: string;
      try {
        const session = await expectAnswer('guest session (createGuestSession)', publicApi.guestPay.createGuestSession({ accountNumber: accounts[i].accountNumber, email, zip: ZIP }), 200);
        token = session.token;
      } catch (error) {
        throw new Error(`could not create guest session ${i + 1} of ${accounts.length}: ${(error as Error).message}`, { cause: error });
      }
      payers[i] = { ...accounts[i], email, token, api: apiClients(transport, token) };
    }
  }));

  // One operation first, alone: a broken flow fails here with its own error, not 50 times over.
  await pay(baseUrl, payers[0]);
  console.error(`bench: guest payments: ${PAYERS} bench accounts and guest sessions ready; ${PAYERS} payers for ${(WARMUP_MS + DURATION_MS) / 1000} s`);

  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const profiledFrom = profileClock() + WARMUP_MS * 1000;
  const windowStart = started + WARMUP_MS;
  const windowEnd = windowStart + DURATION_MS;
  const edges = [setTimeout(() => onWindow?.('start'), WARMUP_MS), setTimeout(() => onWindow?.('end'), WARMUP_MS + DURATION_MS)];
  const latencies: number[] = [];
  const failures = new Map<string, number>(); // message -> how many times
  let failed = 0;
  let total = 1;
  await Promise.all(payers.map(async (payer, index) => {
    await sleep((index * 20) % 200); // spread the first requests over 200 ms
    while (performance.now() < windowEnd) {
      const t0 = performance.now();
      try {
        await pay(baseUrl, payer);
        total += 1;
        const t1 = performance.now();
        if (t1 >= windowStart && t1 <= windowEnd) latencies.push(t1 - t0);
      } catch (error) {
        failed += 1;
        const message = (error as Error).message;
        failures.set(message, (failures.get(message) ?? 0) + 1);
        if (!(error instanceof OperationError)) throw error;
        await sleep(100); // do not spin on an error
      }
    }
  }));
  for (const edge of edges) clearTimeout(edge);
  const cpu = process.cpuUsage(cpuBefore);
  const wall = (performance.now() - started) / 1000;
  notes.push(`the bench's own client used ${((cpu.user + cpu.system) / 1e6 / wall * 100).toFixed(0)} % of one core during the load`);
  if (failed > 0) {
    const seen = [...failures].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([message, n]) => `${n} × ${message}`);
    throw new Error(`${failed} of ${failed + total} guest payments did not go through (every step must be 2xx): ${seen.join(' | ')}`);
  }
  // What the database holds must match: one succeeded payment and one ledger entry per operation.
  const counted = await countPayments(databaseUrl);
  if (counted.payments !== total || counted.entries !== total) {
    notes.push(`warning: the run made ${total} payments but the database has ${counted.payments} succeeded payments and ${counted.entries} payment ledger entries on the bench accounts`);
  }
  notes.push(`${total} guest payments in all (warm-up and tail included), ${counted.charges} sandbox charges`);
  latencies.sort((a, b) => a - b);
  const seconds = DURATION_MS / 1000;
  return {
    rps: latencies.length / seconds, p99: percentile(latencies, 99), p50: percentile(latencies, 50),
    operations: latencies.length, seconds, total, notes, window: { from: profiledFrom, to: profiledFrom + DURATION_MS * 1000 },
  };
}
