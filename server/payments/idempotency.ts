// Idempotency keys for mutating payment operations (the Idempotency-Key header, or a key a
// service caller passes). The first request with a key runs; its successful answer is stored as
// JSON text. A repeat with the same key and the same request gets that answer again (byte for
// byte); the same key with a different request is refused (422 IDEM001); a repeat while the first
// is still running waits for it (up to waitMs, then 409 IDEM002). A first attempt that fails frees
// the key, so the retry runs again: the payment's own state (and the provider's idempotent charge)
// keeps that safe.
import { createHash } from 'node:crypto';
import type { Db } from '../db/index.ts';
import type { Clock } from '../clock.ts';
import { paymentError } from './errors.ts';

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
  /** A key still 'running' after this long belongs to a crashed attempt and is freed (default 5 minutes). */
  staleMs?: number;
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
  const staleMs = options.staleMs ?? 5 * 60 * 1000;
  const started = Date.now();
  for (;;) {
    const now = clock();
    // Forget this key if it is past retention (or its first attempt died running), then claim it.
    await db.query(
      `DELETE FROM idempotency_keys WHERE scope = $1 AND operation = $2 AND key = $3
          AND (created_at < $4 OR (state = 'running' AND created_at < $5))`,
      [id.scope, id.operation, key, new Date(now.getTime() - retentionMs), new Date(now.getTime() - staleMs)],
    );
    const claimed = await db.query(
      `INSERT INTO idempotency_keys (scope, operation, key, request_hash, state, created_at) VALUES ($1, $2, $3, $4, 'running', $5)
       ON CONFLICT DO NOTHING RETURNING key`,
      [id.scope, id.operation, key, hash, now],
    );
    if (claimed.rows.length === 1) {
      let result: T;
      try {
        result = await run();
      } catch (error) {
        await db.query(`DELETE FROM idempotency_keys WHERE scope = $1 AND operation = $2 AND key = $3 AND state = 'running'`, [id.scope, id.operation, key]);
        throw error;
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
