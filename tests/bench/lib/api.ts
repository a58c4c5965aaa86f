// The API figures: the real server and the bare Fastify + pg route (tests/bench/bare-server.ts),
// both on one fresh PostgreSQL database, each loaded by autocannon with the homeowner's token.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { freePort, onCleanup, startNode, waitForHttp, type Child } from './procs.ts';
import { getGetAccountsUrl } from '../../../generated/clients/payments.ts';
import { apiClients, fetchTransport } from '../../support/api/clients.ts';
import { expectAnswer } from './answers.ts';
import { runPayBench, type PayResult } from './pay.ts';
import { profileClock, profileReport, writePhases, type Phase } from './profile-report.ts';
import { cpuBetween, sampleCpu, type CpuSample } from './cpu-usage.ts';

const CONNECTIONS = 10;
const WARMUP_S = 2;
const DURATION_S = 8;
/** getAccounts, the signed-in portal's most frequent read. */
const PATH = getGetAccountsUrl();

export interface Load { rps: number; p99: number; p50: number; requests: number }

/** Runs autocannon's CLI (its own process, so its work does not slow this one's timers) and reads its JSON. */
async function autocannon(url: string, token: string, seconds: number): Promise<Load> {
  const bin = join(join(createRequire(import.meta.url).resolve('autocannon/package.json'), '..'), 'autocannon.js');
  const child = spawn(process.execPath, [bin, '-j', '-c', String(CONNECTIONS), '-d', String(seconds), '-H', `authorization=Bearer ${token}`, url], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = onCleanup('stop autocannon', () => { if (child.exitCode === null) child.kill('SIGKILL'); });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => { out += chunk.toString(); });
  child.stderr.on('data', (chunk: Buffer) => { err = (err + chunk.toString()).slice(-2000); });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  await stop();
  if (code !== 0) throw new Error(`autocannon exited ${code}: ${err}`);
  const result = JSON.parse(out) as {
    requests: { average: number; total: number }; latency: { p99: number; p50: number };
    non2xx: number; errors: number; timeouts: number; '2xx': number;
  };
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts out of ${result.requests.total}`);
  }
  return { rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50, requests: result.requests.total };
}

/** One getAccounts first: the answer must be 200 with the contract's body, so the load measures the real thing. */
async function probe(baseUrl: string, token: string): Promise<unknown> {
  return expectAnswer(`getAccounts at ${baseUrl}`, apiClients(fetchTransport(baseUrl, 10_000), token).payments.getAccounts(), 200);
}

/** µs of CPU per request over some timed loads, the server's and PostgreSQL's. */
function cpuPer(runs: Array<{ load: Load; cpu: { server: number | null; database: number } }>): string {
  const requests = runs.reduce((sum, r) => sum + r.load.requests, 0);
  const server = runs.every((r) => r.cpu.server !== null) ? runs.reduce((sum, r) => sum + r.cpu.server!, 0) / requests : NaN;
  const database = runs.reduce((sum, r) => sum + r.cpu.database, 0) / requests;
  return `${server.toFixed(0)} µs + PostgreSQL ${database.toFixed(0)} µs`;
}

/** Adds up the segments of one target: rps over the whole time, the worst segment's p50 and p99. */
function combine(segments: Load[], seconds: number): Load {
  const requests = segments.reduce((sum, l) => sum + l.requests, 0);
  return {
    requests, rps: requests / (seconds * segments.length),
    p99: Math.max(...segments.map((l) => l.p99)), p50: Math.max(...segments.map((l) => l.p50)),
  };
}

export interface ApiOptions {
  root: string;
  tempDir: (prefix: string) => string;
  authenticate: (baseUrl: string) => Promise<string>;
  /** Also measure the guest payment figures (lib/pay.ts) on the same server, after the read figures. */
  pay: boolean;
  /** Receives the read figures as soon as they are measured. */
  onRead: (figures: { read: Load; bare: Load; notes: string[]; nodeEnv: string }) => void;
}

/** Measures the read figures (given to onRead), then the guest payment figures: their result, their error, or null when skipped. */
export async function runApiBench({ root, tempDir, authenticate, pay, onRead }: ApiOptions): Promise<PayResult | Error | null> {
  const notes: string[] = [];
  const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const adminHost = new URL(adminUrl).hostname;
  if (adminHost !== '127.0.0.1' && adminHost !== 'localhost') throw new Error(`BENCH_PG_ADMIN_URL must point at 127.0.0.1, not ${adminHost}`);
  const database = `bench_${Date.now()}_${process.pid}`;
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${database}`;

  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  admin.on('error', () => undefined); // a lost admin connection shows up as the next query's error
  await admin.connect();
  onCleanup('close admin connection', () => admin.end());
  await admin.query(`CREATE DATABASE "${database}"`);
  onCleanup(`drop database ${database}`, async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  });

  // The real server, on the new database with the demo data, configured as deployed (production:
  // no response validation, its own request logging). Both servers get the same signing secret.
  const jwtSecret = randomBytes(48).toString('base64url');
  const nodeEnv = process.env.BENCH_API_NODE_ENV ?? 'production';
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // BENCH_CPU_PROF=<dir>: the real server writes a V8 CPU profile there when it stops, and the
  // bench notes when each load ran (docs/bench.md, "Where the time goes").
  const profileDir = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : null;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const phases: Phase[] = [];
  const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const server: Child = startNode('portal server (PostgreSQL)', [...profiling, 'server/main.ts'], {
    PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl.href, DEMO_DATA: '1', JWT_SECRET: jwtSecret,
    DATA_DIR: tempDir('bench-pgdata-'), STATIC_DIR: tempDir('bench-static-'), NODE_ENV: nodeEnv, REDIS_URL: '', SMTP_URL: '', PUBLIC_URL: baseUrl,
    // The guest payment figures pay through the sandbox provider, which production serves only when asked.
    SANDBOX_PROVIDER: '1',
  }, root);
  const barePort = await freePort();
  const bareProfileDir = profileDir ? join(profileDir, 'bare') : null;
  if (bareProfileDir) mkdirSync(bareProfileDir, { recursive: true });
  const bareProfiling = bareProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${bareProfileDir}`] : [];
  const barePhases: Phase[] = [];
  const bare = startNode('bare server', [...bareProfiling, join(import.meta.dirname, '..', 'bare-server.ts')], {
    PORT: String(barePort), DATABASE_URL: databaseUrl.href, JWT_SECRET: jwtSecret,
  }, root);
  const realUrl = `${baseUrl}${PATH}`;
  const bareUrl = `http://127.0.0.1:${barePort}${PATH}`;
  try {
    await waitForHttp(realUrl, server, 90_000); // 401 without a token: it is up
    const token = await authenticate(baseUrl);
    const realBody = await probe(baseUrl, token);
    await waitForHttp(`http://127.0.0.1:${barePort}/health`, bare, 30_000);
    const bareBody = await probe(`http://127.0.0.1:${barePort}`, token);
    if (JSON.stringify(bareBody) !== JSON.stringify(realBody)) {
      notes.push(`the bare route's JSON differs from the real server's: ${JSON.stringify(bareBody).slice(0, 200)} vs ${JSON.stringify(realBody).slice(0, 200)}`);
    }
    await autocannon(realUrl, token, WARMUP_S);
    await autocannon(bareUrl, token, WARMUP_S);
    // Real, bare, bare, real: a change in the machine's other load during the run weighs on both alike.
    const half = DURATION_S / 2;
    const timed = async (url: string, child: Child) => {
      const before = await sampleCpu(child.process.pid, admin, database);
      const from = profileClock();
      const load = await autocannon(url, token, half);
      const window = { from, to: profileClock() };
      return { load, window, cpu: cpuBetween(before, await sampleCpu(child.process.pid, admin, database)) };
    };
    const r1 = await timed(realUrl, server);
    const b1 = await timed(bareUrl, bare);
    const b2 = await timed(bareUrl, bare);
    const r2 = await timed(realUrl, server);
    phases.push({ name: 'api.read', windows: [r1.window, r2.window], count: r1.load.requests + r2.load.requests, unit: 'requests' });
    barePhases.push({ name: 'api.bare', windows: [b1.window, b2.window], count: b1.load.requests + b2.load.requests, unit: 'requests' });
    notes.push(`CPU per request: the real server ${cpuPer([r1, r2])}; the bare server ${cpuPer([b1, b2])}`);
    onRead({ read: combine([r1.load, r2.load], half), bare: combine([b1.load, b2.load], half), notes, nodeEnv });
    if (!pay) return null;
    // The guest payments write to the database: measured after the reads, with the bare server gone.
    await bare.stop();
    try {
      // The CPU the server and the database use in the measured window (sampled when it starts and ends).
      let windowStart: Promise<CpuSample> | null = null;
      let windowEnd: Promise<CpuSample> | null = null;
      const paid = await runPayBench(baseUrl, databaseUrl.href, (edge) => {
        const sample = sampleCpu(server.process.pid, admin, database);
        if (edge === 'start') windowStart = sample;
        else windowEnd = sample;
      });
      if (windowStart && windowEnd) {
        const used = cpuBetween(await windowStart, await windowEnd);
        const ms = (micros: number) => (micros / paid.operations / 1000).toFixed(1);
        paid.notes.push(`CPU per operation: the server ${used.server === null ? '?' : ms(used.server)} ms, PostgreSQL ${ms(used.database)} ms`);
      }
      phases.push({ name: 'pay.confirm', windows: [paid.window], count: paid.operations, unit: 'operations' });
      return paid;
    } catch (error) {
      const failure = error as Error;
      if (server.process.exitCode !== null || server.process.signalCode !== null) failure.message += `; the server exited:\n${server.output()}`;
      return failure;
    }
  } finally {
    await bare.stop();
    await server.stop();
    for (const [dir, measured, who] of [[profileDir, phases, 'real'], [bareProfileDir, barePhases, 'bare']] as const) {
      if (!dir || measured.length === 0) continue;
      writePhases(dir, measured);
      try {
        console.error(`bench: where the ${who} server's time went (${dir}):\n${profileReport(dir, root)}`);
      } catch (error) {
        console.error(`bench: no CPU profile report for the ${who} server: ${(error as Error).message}`);
      }
    }
  }
}
