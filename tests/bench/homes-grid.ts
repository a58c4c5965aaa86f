// `npx node tests/bench/homes-grid.ts [homes]`: the homeowners grid of one association of `homes`
// homes (default 50,000; lib/seed-homes.ts) through the real server on a fresh PostgreSQL database,
// as deployed (NODE_ENV=production): p50/p99 of sorted pages and of filtered ones, near the top of
// the grid and anywhere in it, and the machine's load average. BENCH_PG_ADMIN_URL names the server (default the local one);
// BENCH_PORTS=from-to the ports the portal may take (default 19000-19999).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { cleanupAll, freePort, onCleanup, startNode, waitForHttp } from './lib/procs.ts';
import { apiClients, fetchTransport } from '../support/api/clients.ts';
import { expectAnswer } from './lib/answers.ts';
import { openPostgres } from '../../server/db/index.ts';
import { measureHomeownersGrid, seedAssociationHomes } from './lib/seed-homes.ts';

const root = resolve(import.meta.dirname, '../..');
const homes = Number(process.argv[2] ?? 50_000);
const manager = { email: 'manager@example.com', password: 'Manager#2026' };
const [portFrom, portTo] = (process.env.BENCH_PORTS ?? '19000-19999').split('-').map(Number);

function tempDir(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onCleanup(`remove ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

try {
  const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = `bench_homes_${Date.now()}_${process.pid}`;
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${database}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  admin.on('error', () => undefined);
  await admin.connect();
  onCleanup('close admin connection', () => admin.end());
  await admin.query(`CREATE DATABASE "${database}"`);
  onCleanup(`drop database ${database}`, async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  });
  const port = await freePort(portFrom, portTo);
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = startNode('portal server (homes grid)', ['server/main.ts'], {
    PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl.href, DEMO_DATA: '1', JWT_SECRET: randomBytes(48).toString('base64url'),
    DATA_DIR: tempDir('bench-homes-data-'), STATIC_DIR: tempDir('bench-homes-static-'), NODE_ENV: 'production', PUBLIC_URL: baseUrl,
    REDIS_URL: '', SMTP_URL: '',
  }, root);
  await waitForHttp(`${baseUrl}/api/users/Security`, server, 90_000);
  const db = await openPostgres(databaseUrl.href, 1);
  let associationId: number;
  const seeding = performance.now();
  try {
    associationId = await seedAssociationHomes(db, homes);
  } finally {
    await db.close();
  }
  console.error(`bench: seeded ${homes} homes in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
  const session = await expectAnswer(`sign-in as ${manager.email}`, apiClients(fetchTransport(baseUrl, 15_000)).users.authenticate(manager), 200);
  for (const pages of ['front', 'spread'] as const) {
    const before = load();
      const timings = await measureHomeownersGrid({ baseUrl, token: session.token, associationId, homes, pages });
    for (const kind of ['sorted', 'filtered'] as const) {
      const t = timings[kind];
      console.log(`homes.grid.${pages}.${kind}: p50 ${t.p50.toFixed(1)} ms, p99 ${t.p99.toFixed(1)} ms over ${t.requests} pages`);
    }
    console.log(`load average (${pages}): ${before} before, ${load()} after`);
    for (const note of timings.notes) console.error(`bench: ${note}`);
  }
} finally {
  await cleanupAll();
}
