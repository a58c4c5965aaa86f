// The bare route the bench compares the real server with: Fastify + pg, one route, GET
// /api/payments/Account, running the same SQL as server/handlers/payments/accounts.ts (getAccounts)
// and answering the same JSON, after verifying the bearer JWT with jose exactly as
// server/auth/tokens.ts does on a token it has not seen yet (the real server then remembers it,
// server/auth/verified-tokens.ts; this route verifies every time). Nothing else: no OpenAPI
// validation, hooks, security headers, logging, static files. Env: PORT, DATABASE_URL, JWT_SECRET (the real server's). Exits when its stdin closes, so it
// never outlives the bench.
import Fastify from 'fastify';
import { jwtVerify, errors as joseErrors } from 'jose';
import pg from 'pg';
import { DEFAULT_POOL_SIZE } from '../../server/db/index.ts';

const port = Number(process.env.PORT);
const secret = process.env.JWT_SECRET;
if (!port || !process.env.DATABASE_URL || !secret) throw new Error('bare-server needs PORT, DATABASE_URL and JWT_SECRET');
// Imported once, as server/auth/tokens.ts does (hmacKey).
const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);

// The same pool size as the real server's (server/db/index.ts, DATABASE_POOL_SIZE), with plain
// unnamed statements: PostgreSQL parses and plans the query on every request.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE || DEFAULT_POOL_SIZE) });
pool.on('error', () => undefined);

async function userIdOf(header: string | undefined): Promise<number | null> {
  const match = typeof header === 'string' ? /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header) : null;
  if (!match) return null;
  try {
    const { payload } = await jwtVerify(match[1], key, {
      algorithms: ['HS256'], issuer: 'community-portal', audience: 'homeowner', requiredClaims: ['sub', 'exp', 'UserId', 'Customer'],
    });
    const userId = payload.UserId;
    if (typeof userId !== 'number' || !Number.isInteger(userId) || String(userId) !== payload.sub) return null;
    if (typeof payload.Customer !== 'string') return null;
    return userId;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

interface Row {
  account_number: string; sub_ledger_id: number; sub_ledger_name: string; association_id: number; association_name: string;
  address1: string; address2: string; city: string; state_province: string; postal_code: string;
  balance_cents: number | string; payments_blocked: boolean;
}

const oneLineAddress = (r: Row) => {
  const street = [r.address1, r.address2].filter(Boolean).join(' ');
  return [street, r.city, [r.state_province, r.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
};

const app = Fastify({ logger: false });
app.get('/health', async () => ({ ok: true }));
app.get('/api/payments/Account', async (request, reply) => {
  const userId = await userIdOf(request.headers.authorization);
  if (userId === null) return reply.code(401).send({ status: 401, title: 'Unauthorized', detail: 'Sign in again.' });
  const onlyEnabled = (request.query as Record<string, string>).portalEnabled === 'true';
  const { rows } = await pool.query<Row>(
    `SELECT ac.account_number, sl.id AS sub_ledger_id, sl.name AS sub_ledger_name, a.id AS association_id, a.name AS association_name,
            ac.address1, ac.address2, ac.city, ac.state_province, ac.postal_code, sl.balance_cents, ac.payments_blocked
       FROM accounts ac
       JOIN associations a ON a.id = ac.association_id
       JOIN sub_ledgers sl ON sl.account_id = ac.id
      WHERE ac.owner_user_id = $1 AND ($2::boolean IS FALSE OR NOT ac.payments_blocked)
      ORDER BY a.name, ac.account_number, sl.position, sl.id`,
    [userId, onlyEnabled],
  );
  const body = {
    accounts: rows.map((r) => ({
      accountNumber: r.account_number,
      subLedgerId: Number(r.sub_ledger_id),
      subLedgerName: r.sub_ledger_name,
      associationId: Number(r.association_id),
      associationName: r.association_name,
      address: oneLineAddress(r),
      currentBalanceCents: Number(r.balance_cents),
      blocked: r.payments_blocked === true,
    })),
  };
  reply.code(200).headers({ 'cache-control': 'no-store' });
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
});

const stop = async () => {
  await app.close().catch(() => undefined);
  await pool.end().catch(() => undefined);
  process.exit(0);
};
process.stdin.on('end', () => void stop());
process.stdin.on('error', () => void stop());
process.stdin.resume();
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());

await app.listen({ port, host: '127.0.0.1' });
