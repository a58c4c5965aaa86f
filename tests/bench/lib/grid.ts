// The board grid figure (docs/bench.md): how long the real server takes to answer one page of the
// 5,000-homeowner grid sorted on the server (balances and days past due of 20,000 ledger entries,
// kept in account_standing as they were written), on PostgreSQL, as deployed (NODE_ENV=production). One request
// at a time, so the figure is the request's own latency, not queueing behind other requests; the
// sorts and pages change from request to request, as a board member clicking through the grid would.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freePort, onCleanup, startNode, waitForHttp } from './procs.ts';
import { apiClients, fetchTransport } from '../../support/api/clients.ts';
import { expectAnswer } from './answers.ts';
import { openPostgres } from '../../../server/db/index.ts';
import { LARGE_ASSOCIATION, seedLargeAssociation } from '../../../server/demo/board-lists.ts';

/** api.grid.p99 budget, ms. */
export const GRID_P99_BUDGET_MS = 100;
const WARMUP = 20;
const REQUESTS = 300;
const SORTS = ['balanceCents:desc', 'owner:asc', 'daysPastDue:desc,owner:asc', 'address:asc', 'accountNumber:desc'];
const manager = { email: 'manager@example.com', password: 'Manager#2026' };

export interface GridResult {
  p50: number;
  p99: number;
  requests: number;
  notes: string[];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function runGridBench({ root, tempDir }: { root: string; tempDir: (prefix: string) => string }): Promise<GridResult> {
  const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const adminHost = new URL(adminUrl).hostname;
  if (adminHost !== '127.0.0.1' && adminHost !== 'localhost') throw new Error(`BENCH_PG_ADMIN_URL must point at 127.0.0.1, not ${adminHost}`);
  const database = `bench_grid_${Date.now()}_${process.pid}`;
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${database}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  admin.on('error', () => undefined);
  await admin.connect();
  onCleanup('close admin connection (grid)', () => admin.end());
  await admin.query(`CREATE DATABASE "${database}"`);
  onCleanup(`drop database ${database}`, async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  });

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = startNode('portal server (grid)', ['server/main.ts'], {
    PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl.href, DEMO_DATA: '1', JWT_SECRET: randomBytes(48).toString('base64url'),
    DATA_DIR: tempDir('bench-grid-data-'), STATIC_DIR: tempDir('bench-grid-static-'), NODE_ENV: process.env.BENCH_API_NODE_ENV ?? 'production', PUBLIC_URL: baseUrl,
    REDIS_URL: '', SMTP_URL: '',
  }, root);
  try {
    await waitForHttp(`${baseUrl}/api/users/Security`, server, 90_000);
    // The large association is not part of the demo seed (it would slow it down): loaded here.
    const db = await openPostgres(databaseUrl.href, 1);
    let associationId: number;
    try {
      associationId = await seedLargeAssociation(db, new Date());
    } finally {
      await db.close();
    }
    const session = await expectAnswer(`sign-in as ${manager.email}`, apiClients(fetchTransport(baseUrl, 15_000)).users.authenticate(manager), 200);
    const headers = { authorization: `Bearer ${session.token}` };
    const gridUrl = (i: number) => {
      const start = (i * 100) % LARGE_ASSOCIATION.accounts;
      return `${baseUrl}/api/associations/associations/${associationId}/Board/Homeowners?startRow=${start}&endRow=${start + 100}&sort=${encodeURIComponent(SORTS[i % SORTS.length])}`;
    };
    const first = await fetch(gridUrl(0), { headers });
    const body = (await first.json()) as { rows?: unknown[]; lastRow?: number };
    if (first.status !== 200 || body.lastRow !== LARGE_ASSOCIATION.accounts || body.rows?.length !== 100) {
      throw new Error(`the grid answered ${first.status} ${JSON.stringify(body).slice(0, 200)}`);
    }
    const times: number[] = [];
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      const started = performance.now();
      const res = await fetch(gridUrl(i), { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`the grid answered ${res.status} to ${gridUrl(i)}`);
      if (i >= WARMUP) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return {
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      requests: times.length,
      notes: [`grid: ${times.length} pages of 100 of ${LARGE_ASSOCIATION.accounts} homeowners one at a time, sorts ${SORTS.join(' | ')}`],
    };
  } finally {
    await server.stop();
  }
}
