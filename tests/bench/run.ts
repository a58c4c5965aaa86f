// `npm run bench`: bundle weight per route (Chromium, empty cache) and API throughput (autocannon
// against the real server and a bare Fastify + pg route on PostgreSQL). One `name: value unit` line
// per figure; exits 1 when a budget is exceeded or a figure could not be measured. See docs/bench.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { buildFloor, buildPortalForBench, CHROMIUM, measureRoute, type RouteResult, type RouteSpec } from './lib/bundle.ts';
import { cleanupAll, freePort, onCleanup, startNode, waitForHttp } from './lib/procs.ts';
import { serveStatic } from './lib/static-server.ts';
import { runApiBench } from './lib/api.ts';

const root = resolve(import.meta.dirname, '../..');
const KB = 1000; // bytes per KB, as Vite and Chrome DevTools count
const BUDGETS = { 'js.login.gzip': 300 * KB };
const HARD_LIMIT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 300_000);
const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean)); // "bundle", "api"
const homeowner = { email: 'homeowner@example.com', password: 'Homeowner#2026', firstName: 'Jordan' };

const problems: string[] = [];
const figure = (name: string, value: string, unit = '') => console.log(`${name}: ${value}${unit ? ` ${unit}` : ''}`);
const kb = (bytes: number) => (bytes / KB).toFixed(1);

// Everything stops by itself: on a signal, an uncaught error or the hard time limit, clean up and exit.
const hardLimit = setTimeout(() => {
  console.error(`bench: stopped after ${HARD_LIMIT_MS / 1000} s (BENCH_TIMEOUT_MS)`);
  void cleanupAll().finally(() => process.exit(2));
}, HARD_LIMIT_MS);
hardLimit.unref();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => { void cleanupAll().finally(() => process.exit(130)); });
}
process.on('uncaughtException', (error) => {
  console.error('bench: uncaught', error);
  void cleanupAll().finally(() => process.exit(2));
});

function tempDir(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onCleanup(`remove ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function reportRoute(key: string, result: RouteResult) {
  figure(`js.${key}.gzip`, kb(result.gzipBytes), 'KB');
  const top = result.packages.slice(0, 10).map(([name, bytes]) => `${name} ${kb(bytes)} KB`).join(', ');
  figure(`js.${key}.top`, top);
  figure(`js.${key}.files`, String(result.files.length), 'files');
  figure(`js.${key}.minified`, kb(result.files.reduce((sum, f) => sum + f.bytes, 0)), 'KB');
  if (!result.idle) console.error(`bench: ${key}: the network was still busy 15 s after the screen rendered; counted what had arrived`);
  const budget = BUDGETS[`js.${key}.gzip` as keyof typeof BUDGETS];
  if (budget !== undefined && result.gzipBytes > budget) {
    problems.push(`js.${key}.gzip: ${kb(result.gzipBytes)} KB is over its budget of ${kb(budget)} KB`);
  }
}

async function authenticate(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/users/Users/Authenticate`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: homeowner.email, password: homeowner.password }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = await response.text();
  if (!response.ok) throw new Error(`sign-in as ${homeowner.email} answered ${response.status}: ${body.slice(0, 300)}`);
  const token = (JSON.parse(body) as { token?: string }).token;
  if (!token) throw new Error(`sign-in answered no token: ${body.slice(0, 300)}`);
  return token;
}

async function benchBundles() {
  const started = Date.now();
  // Its own folders, whatever PORTAL_OUT_DIR says, so the bench never overwrites dist/.
  const portalDist = resolve(root, '.tmp/bench-dist');
  const floorDist = resolve(root, '.tmp/bench-floor-dist');
  await buildPortalForBench(root, portalDist, 'all');
  await buildFloor(join(import.meta.dirname, 'floor'), floorDist);
  console.error(`bench: built the portal and the floor page in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const floor = await serveStatic(floorDist, await freePort());
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = startNode('portal server (PGlite)', ['server/main.ts'], {
    PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: portalDist, DATA_DIR: tempDir('bench-data-'),
    NODE_ENV: 'test', DATABASE_URL: '', REDIS_URL: '', SMTP_URL: '',
  }, root);

  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ ...CHROMIUM, headless: true });
    const closeBrowser = onCleanup('close chromium', () => browser?.close());
    const routes: Array<{ key: string; spec: () => Promise<RouteSpec> }> = [
      { key: 'floor', spec: async () => ({
        name: 'floor', url: `${floor.url}/`, distDir: floorDist,
        ready: (page) => page.getByRole('button', { name: 'Floor' }).waitFor({ state: 'visible', timeout: 30_000 }),
      }) },
      { key: 'login', spec: async () => {
        await waitForHttp(`${baseUrl}/login`, server, 90_000);
        return {
          name: 'login', url: `${baseUrl}/login`, distDir: portalDist,
          ready: (page) => page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ state: 'visible', timeout: 30_000 }),
        };
      } },
      { key: 'dashboard', spec: async () => {
        await waitForHttp(`${baseUrl}/login`, server, 90_000);
        const token = await authenticate(baseUrl);
        return {
          name: 'dashboard', url: `${baseUrl}/dashboard`, distDir: portalDist, storage: { 'portal.token': token },
          ready: (page) => page.getByRole('heading', { level: 1, name: `Welcome, ${homeowner.firstName}` })
            .waitFor({ state: 'visible', timeout: 30_000 }),
        };
      } },
    ];
    for (const route of routes) {
      try {
        reportRoute(route.key, await measureRoute(browser, await route.spec(), root));
      } catch (error) {
        problems.push(`js.${route.key}.gzip: ${(error as Error).message}`);
      }
    }
    await closeBrowser();
  } finally {
    await server.stop();
    await floor.close();
  }
  console.error(`bench: bundle figures took ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function main() {
  const started = Date.now();
  if (!skip.has('bundle')) {
    try {
      await benchBundles();
    } catch (error) {
      problems.push(`bundle figures: ${(error as Error).message}`);
    }
  }
  if (!skip.has('api')) {
    try {
      const api = await runApiBench({ root, tempDir, authenticate });
      figure('api.read.rps', api.read.rps.toFixed(0), 'req/s');
      figure('api.read.p99', String(api.read.p99), 'ms');
      figure('api.bare.rps', api.bare.rps.toFixed(0), 'req/s');
      figure('api.bare.p99', String(api.bare.p99), 'ms');
      figure('api.read.overhead', ((api.bare.rps / api.read.rps - 1) * 100).toFixed(0), '%');
      console.error(`bench: the real server ran with NODE_ENV=${api.nodeEnv} (BENCH_API_NODE_ENV); p50 ${api.read.p50} ms vs bare ${api.bare.p50} ms`);
      for (const note of api.notes) console.error(`bench: ${note}`);
    } catch (error) {
      problems.push(`api figures: ${(error as Error).message}`);
    }
  }
  await cleanupAll();
  console.error(`bench: finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (problems.length > 0) {
    for (const problem of problems) console.log(`FAIL ${problem}`);
    process.exit(1);
  }
}

try {
  await main();
} finally {
  await cleanupAll();
  clearTimeout(hardLimit);
}
