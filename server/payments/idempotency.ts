// Idempotency keys for mutating payment operations (the Idempotency-Key header, or a key a
// service caller passes). The first request with a key runs; its successful answer is stored as
// JSON text. A repeat with the same key and the same request gets that answer again (byte for
// byte); the same key with a different request is refused (422 IDEM001); a repeat while the first
// is still running waits for it (up to waitMs, then 409 IDEM002). A first attempt that fails frees
// the key, so the retry runs again: the payment's own state (and the provider's idempotent charge)
// keeps that safe. A running key is a lease: renewed (heartbeat_at) while its request works, and
// taken over by a retry once it is older than staleMs (the process died), so a client following the
// spec's retry policy (3 retries, 1 s to 30 s) gets through after a crash.
import { createHash } from 'node:crypto';
import type { Db } from '../db/index.ts';
import type { Clock } from '../clock.ts';
import { paymentError } from './errors.ts';
import { startHeartbeat } from './heartbeat.ts';

/** How long a running key without a heartbeat is trusted (see staleMs). */
export const IDEMPOTENCY_LEASE_MS = 15_000;

export interface IdempotencyScope {
  /** Who is asking (e.g. 'guest:12', 'user:5'): keys of different callers never collide. */
  scope: string;
  /** The operation (e.g. 'setupPayment'). */
  operation: string;
  /** The key; undefined or null: no idempotency, just run. */
  key: string | null | undefined;
  /** The request as it matters for equality (hashed). */
  request: unknown;
}

export interface IdempotencyOptions {
  waitMs?: number;
  pollMs?: number;
  /** Keys older than this are forgotten (default 24 hours). */
  retentionMs?: number;
  /**
   * A key still 'running' whose heartbeat is older than this belongs to a crashed attempt and is
   * taken over (default IDEMPOTENCY_LEASE_MS). The running attempt renews it every staleMs / 3.
   */
  staleMs?: number;
  log?: { warn(obj: object, msg?: string): void };
}

/** Keys are 1..255 printable ASCII characters (UUIDs are typical). */
export function checkIdempotencyKey(key: unknown): string | null {
  if (key === undefined || key === null) return null;
  if (typeof key !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(key)) throw paymentError('IDEM003');
  return key;
}

/** JSON with object keys sorted, so equal requests hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('base64url');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function withIdempotency<T>(
  db: Db,
  clock: Clock,
  id: IdempotencyScope,
  run: () => Promise<T>,
  options: IdempotencyOptions = {},
): Promise<T> {
  const key = checkIdempotencyKey(id.key);
  if (key === null) return run();
  const hash = requestHash(id.request);
  const waitMs = options.waitMs ?? 30_000;
  const pollMs = options.pollMs ?? 50;
  const retentionMs = options.retentionMs ?? 24 * 3600 * 1000;
  const staleMs = options.staleMs ?? IDEMPOTENCY_LEASE_MS;
  const started = Date.now();
  for (;;) {
    const now = clock();
    // Claim the key: a new one, or one past retention, or one whose first attempt died running
    // (taken over as if new). One statement: the row's lock decides between concurrent claimers,
    // and the loser sees the winner's fresh claim when its WHERE is checked again.
    const claimed = await db.query(
      `INSERT INTO idempotency_keys (scope, operation, key, request_hash, state, created_at, heartbeat_at) VALUES ($1, $2, $3, $4, 'running', $5, $5)
       ON CONFLICT (scope, operation, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, state = 'running', response_body = NULL, completed_at = NULL,
             created_at = EXCLUDED.created_at, heartbeat_at = EXCLUDED.heartbeat_at
         WHERE idempotency_keys.created_at < $6
            OR (idempotency_keys.state = 'running' AND COALESCE(idempotency_keys.heartbeat_at, idempotency_keys.created_at) < $7)
       RETURNING key`,
      [id.scope, id.operation, key, hash, now, new Date(now.getTime() - retentionMs), new Date(now.getTime() - staleMs)],
    );
    if (claimed.rows.length === 1) {
      let result: T;
      // Keep the key ours while the request works (a long provider call, a wait for another claim).
      const stop = startHeartbeat(
        staleMs / 3,
        () =>
          db.query(`UPDATE idempotency_keys SET heartbeat_at = $5 WHERE scope = $1 AND operation = $2 AND key = $3 AND request_hash = $4 AND state = 'running'`, [
            id.scope,
            id.operation,
            key,
            hash,
            clock(),
          ]),
        (error) => options.log?.warn({ err: error, operation: id.operation }, 'could not renew an idempotency key'),
      );
      try {
        result = await run();
      } catch (error) {
        await db.query(`DELETE FROM idempotency_keys WHERE scope = $1 AND operation = $2 AND key = $3 AND state = 'running'`, [id.scope, id.operation, key]);
        throw error;
      } finally {
        stop();
      }
      const text = JSON.stringify(result);
      await db.query(`UPDATE idempotency_keys SET state = 'done', response_body = $4, completed_at = $5 WHERE scope = $1 AND operation = $2 AND key = $3`, [
        id.scope,
        id.operation,
        key,
        text,
        clock(),
      ]);
      return JSON.parse(text) as T;
    }
    const { rows } = await db.query<{ request_hash: string; state: string; response_body: string | null }>(
      `SELECT request_hash, state, response_body FROM idempotency_keys WHERE scope = $1 AND operation = $2 AND key = $3`,
      [id.scope, id.operation, key],
    );
    const row = rows[0];
    if (!row) continue; // freed by a failed first attempt: claim it now
    if (row.request_hash !== hash) throw paymentError('IDEM001');
    if (row.state === 'done' && row.response_body !== null) return JSON.parse(row.response_body) as T;
    if (Date.now() - started > waitMs) throw paymentError('IDEM002');
    await sleep(pollMs);
  }
}
