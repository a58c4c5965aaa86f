// Shared test setup: every suite runs on PGlite (in memory, started from a dump of a migrated
// database) and on PostgreSQL at 127.0.0.1:5432 (a fresh database per file, cloned from a migrated
// template).
// When PostgreSQL is unreachable the PostgreSQL half is skipped with a printed reason, or fails
// when CI=true.
import { createHash, randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { openPglite, openPostgres, type Db } from '../../server/db/index.ts';
import { migrate, loadMigrations } from '../../server/db/migrate.ts';
import { buildApp, type AppOptions } from '../../server/app.ts';
import { createPasswordHasher } from '../../server/auth/passwords.ts';
import { apiClients, type ApiClients } from '../support/api/clients.ts';
import { injectTransport } from '../support/api/inject.ts';

export type { ApiClients };

export const TEST_PASSWORD_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
export const TEST_JWT_SECRET = 'test-secret-for-the-server-suite-0123456789';
/** The portal's public address in the server suite: links in mail are built on it. */
export const TEST_PUBLIC_URL = 'https://portal.example.org';
export const testPasswords = createPasswordHasher(TEST_PASSWORD_COST);

export type BackendKind = 'pglite' | 'postgres';

const PG_CANDIDATES = process.env.TEST_DATABASE_URL
  ? [process.env.TEST_DATABASE_URL]
  : ['postgres://postgres@127.0.0.1:5432/test', 'postgres://root@127.0.0.1:5432/test'];

async function detectPostgres(): Promise<{ url: string } | { reason: string }> {
  const reasons: string[] = [];
  for (const url of PG_CANDIDATES) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return { url };
    } catch (error) {
      reasons.push(`${url.replace(/:[^:@/]*@/, '@')}: ${(error as Error).message}`);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  return { reason: reasons.join('; ') };
}

const detected = await detectPostgres();
export const postgresUrl: string | null = 'url' in detected ? detected.url : null;
if (!postgresUrl) {
  const message = `PostgreSQL is unreachable (${'reason' in detected ? detected.reason : ''})`;
  if (process.env.CI === 'true') throw new Error(`${message}: the server suite needs it in CI`);
  console.warn(`[server tests] ${message}: skipping the PostgreSQL half of the server suites.`);
}

/** The backends to run each suite on. */
export const BACKENDS: BackendKind[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function adminQuery(sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: postgresUrl! });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

/** A name for the migrations' contents: templates made from other migrations are not used. */
async function migrationsHash(): Promise<string> {
  const migrations = await loadMigrations();
  return createHash('sha256').update(migrations.map((m) => `${m.version}:${m.sql}`).join('\n')).digest('hex').slice(0, 12);
}

/** A migrated template database named after the migrations' contents (created once). */
async function templateDatabase(): Promise<string> {
  const name = `portal_tpl_${await migrationsHash()}`;
  const client = new pg.Client({ connectionString: postgresUrl! });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(7318000099)');
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rows.length === 0) {
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building}`);
      await client.query(`CREATE DATABASE ${building}`);
      const db = await openPostgres(withDatabase(postgresUrl!, building), 1);
      try {
        await migrate(db);
      } finally {
        await db.close();
      }
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    }
    await client.query('SELECT pg_advisory_unlock(7318000099)');
  } finally {
    await client.end();
  }
  return name;
}

export interface TestDatabase {
  db: Db;
  kind: BackendKind;
  /** For PostgreSQL: the connection string of this file's database. */
  url?: string;
  dispose(): Promise<void>;
}

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * The data directory of a migrated, empty PGlite (its dump), made once for the migrations and the
 * PGlite version and kept in the system's temporary folder, so that every file of the suite starts
 * from it: a PGlite started from a dump costs about a third of one created and migrated.
 */
function pgliteTemplateDump(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const pgliteVersion = (JSON.parse(await readFile(path.join(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version;
    const file = path.join(tmpdir(), `portal-pglite-template-${pgliteVersion}-${await migrationsHash()}.tar`);
    const kept = await readFile(file).catch(() => null);
    if (kept) return new Blob([kept]);
    const db = await openPglite();
    try {
      await migrate(db);
      const dump = await db.pglite.dumpDataDir('none');
      // Written whole under a name of its own, then renamed: another file never reads half of it.
      const part = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      await writeFile(part, new Uint8Array(await dump.arrayBuffer()));
      await rename(part, file);
      return dump;
    } finally {
      await db.close();
    }
  })();
  return pgliteTemplate;
}

/** A fresh, migrated, empty database of the given kind. */
export async function createTestDatabase(kind: BackendKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const db = await openPglite(undefined, await pgliteTemplateDump());
    return { db, kind, dispose: () => db.close() };
  }
  if (!postgresUrl) throw new Error('PostgreSQL is not available');
  const template = await templateDatabase();
  const name = `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = withDatabase(postgresUrl, name);
  const db = await openPostgres(url, 4);
  return {
    db,
    kind,
    url,
    async dispose() {
      await db.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** One database per describe block (opened once, disposed after). */
export function useTestDatabase(kind: BackendKind): { readonly current: TestDatabase } {
  const holder: { current: TestDatabase } = { current: undefined as unknown as TestDatabase };
  beforeAll(async () => {
    holder.current = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await holder.current?.dispose();
  });
  return holder;
}

export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
  set(date: Date): void;
}

export function createTestClock(start = new Date('2026-03-02T15:00:00Z')): TestClock {
  let t = start.getTime();
  return { now: () => new Date(t), advance: (ms) => void (t += ms), set: (d) => void (t = d.getTime()) };
}

export function testAppOptions(db: Db, extra: Partial<AppOptions> = {}): AppOptions {
  return {
    db,
    demoData: true,
    jwtSecret: TEST_JWT_SECRET,
    passwordCost: TEST_PASSWORD_COST,
    publicUrl: TEST_PUBLIC_URL,
    staticDir: null,
    logger: false,
    ...extra,
  };
}

export async function testApp(db: Db, extra: Partial<AppOptions> = {}): Promise<FastifyInstance> {
  return buildApp(testAppOptions(db, extra));
}

/**
 * The typed API clients (generated/clients/, from openapi/) against this app through Fastify's
 * inject, calling as `token` (none: public operations). Prefer these to `call` for operations.
 */
export function clients(app: FastifyInstance, token: string | null = null): ApiClients {
  return apiClients(injectTransport(app), token);
}

/** An answer of a generated client: one variant per status the operation declares. */
export interface ClientAnswer {
  status: number;
  data?: unknown;
  headers: Headers;
}

type Narrowed<R, S> = [Extract<R, { status: S }>] extends [never] ? R : Extract<R, { status: S }>;

/**
 * Fails with the answer when the status differs. A typed client's answer is narrowed to that
 * status's body (`res.data` is then the contract's success or error shape).
 */
export function expectStatus<R extends ClientAnswer | ApiResponse, S extends R['status']>(res: R, status: S): asserts res is Narrowed<R, S> {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${'json' in res ? res.body : JSON.stringify(res.data)}`);
}

/** The body of a typed client's answer, after checking its status (for chaining: `(await dataOf(x, 200)).accounts`). */
export async function dataOf<R extends ClientAnswer, S extends R['status']>(request: Promise<R>, status: S): Promise<Extract<R, { status: S }>['data']> {
  const res = await request;
  expectStatus(res, status);
  return (res as Extract<R, { status: S }>).data;
}

/** An answer of `call`: any address, untyped (for what openapi/ does not describe, and malformed requests). */
export interface ApiResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  // Parsed response bodies are read freely by assertions; the schemas are checked by the server itself.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export async function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; ip?: string } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined;
  if (options.body !== undefined) {
    payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await app.inject({ method, url, payload, headers, remoteAddress: options.ip });
  let json: unknown;
  try {
    json = res.body ? JSON.parse(res.body) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, body: res.body, json };
}

export const DEMO = {
  homeowner: { email: 'homeowner@example.com', password: 'Homeowner#2026' },
  paid: { email: 'paid@example.com', password: 'Paid#2026' },
  board: { email: 'board@example.com', password: 'Board#2026' },
  chair: { email: 'chair@example.com', password: 'Chair#2026' },
  manager: { email: 'manager@example.com', password: 'Manager#2026' },
  staff: { email: 'staff@example.com', password: 'Staff#2026' },
  lakesideAdmin: { email: 'lakeside.admin@example.com', password: 'Lakeside#2026' },
  lakesideOwner: { email: 'lakeside.owner@example.com', password: 'Lakeside#2026' },
} as const;

export async function signIn(app: FastifyInstance, who: { email: string; password: string }, ip?: string): Promise<{ token: string; userId: number }> {
  const res = await clients(app).users.authenticate({ email: who.email, password: who.password }, { ip });
  if (res.status !== 200) throw new Error(`sign-in of ${who.email} failed: ${res.status} ${JSON.stringify(res.data)}`);
  return res.data;
}

/** Asserts the API error shape and that nothing leaks (no stack traces, no file paths). */
export function expectErrorShape<R extends ClientAnswer | ApiResponse, S extends R['status']>(res: R, status: S, errorCode?: string): asserts res is Narrowed<R, S> {
  const text = 'json' in res ? res.body : JSON.stringify(res.data) ?? '';
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${text}`);
  const body = ('json' in res ? res.json : res.data) as Record<string, unknown>;
  if (!body || typeof body !== 'object') throw new Error(`not a JSON error body: ${text}`);
  if (body.status !== status || typeof body.title !== 'string' || typeof body.detail !== 'string') throw new Error(`bad error shape: ${text}`);
  const allowed = new Set(['status', 'title', 'detail', 'errorCode', 'errorId', 'retryAfterSeconds', 'fields']);
  for (const key of Object.keys(body)) if (!allowed.has(key)) throw new Error(`unexpected error field ${key}: ${text}`);
  if (errorCode !== undefined && body.errorCode !== errorCode) throw new Error(`expected errorCode ${errorCode}: ${text}`);
  if (/\bat .+:\d+:\d+|node_modules|\/work\/|stack/i.test(text)) throw new Error(`error body leaks internals: ${text}`);
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${randomBytes(5).toString('hex')}@example.org`;
}

export async function count(db: Db, table: string): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${table}`);
  return Number(rows[0].n);
}
