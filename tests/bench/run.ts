// `npm run bench`: bundle weight per route (Chromium, empty cache), typing speed on a large form
// (lib/keystroke.ts), Lighthouse's mobile performance figures per page against the floor page
// (lib/lighthouse.ts), API throughput (autocannon against the real server and a bare Fastify + pg
// route on PostgreSQL) and guest payment throughput (Setup + attach + Confirm by 50 concurrent
// payers through the real server, lib/pay.ts), with their budgets (lib/api-budgets.ts), and the
// board grid's latency (a sorted page of 5,000 homeowners, lib/grid.ts, api.grid.p99), and MyCA's
// answers to its golden set (right citations, refusals, nothing of the board's told to an owner,
// time per answer on a library of 50 documents; lib/myca.ts, its budgets lib/myca-budgets.ts). One
// `name: value unit` line per figure; exits 1 when a budget is exceeded or a figure could not be
// measured. See docs/bench.md.
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildPage, buildPortalForBench, CHROMIUM, embedCode, forbiddenCode, measureRoute, type RouteResult, type RouteSpec } from './lib/bundle.ts';
import { expectAnswer } from './lib/answers.ts';
import { cleanupAll, freePort, onCleanup, startNode, stopOnLimitOrSignal, tempDir, waitForHttp } from './lib/procs.ts';
import { apiClients, fetchTransport } from '../support/api/clients.ts';
import { serveStatic } from './lib/static-server.ts';
import { runApiBench } from './lib/api.ts';
import { GRID_P99_BUDGET_MS, runGridBench } from './lib/grid.ts';
import { PAYERS } from './lib/pay.ts';
import { keystrokeTasks, measureKeystrokes } from './lib/keystroke.ts';
import { formatBreakdown } from './lib/keystroke-tasks.ts';
import { keystrokeBudgetProblems } from './lib/keystroke-budget.ts';
import { apiBudgetProblems } from './lib/api-budgets.ts';
import { runLighthouse } from './lib/lighthouse.ts';
import { checkLighthouseBudgets, lighthouseSettings, type LhFigures, type LhPage } from './lib/lighthouse-budgets.ts';
import { runMycaBench } from './lib/myca.ts';
import { missLine, mycaBudgetProblems, mycaFigures } from './lib/myca-budgets.ts';

const root = resolve(import.meta.dirname, '../..');
const KB = 1000; // bytes per KB, as Vite and Chrome DevTools count
// The first screens a link in an e-mail opens, on a phone. 240 KB: the libraries these screens are
// rendered with weigh about 161 KB, so what each page carries and few use is what the budget keeps
// out (docs/bench.md). The signed-in home page may not grow past what it weighed when the first
// budgets were set (231.4 KB).
/**
 * A page in another site's frame is the page itself plus the bridge to its host (engine/core/embed/,
 * about 5 KB) and, as no mirror page is rendered ahead of time, what any page fetches once idle (the
 * texts of failed answers, about 4 KB): the first-load limit of the page, with room for those two.
 */
const EMBED_BUDGET_KB = 250;
const BUDGETS = { 'js.login.gzip': 240 * KB, 'js.paynow.gzip': 240 * KB, 'js.dashboard.gzip': 231.4 * KB, 'js.embed.gzip': EMBED_BUDGET_KB * KB };
const HARD_LIMIT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 900_000);
const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean)); // "bundle", "keystroke", "lh", "api", "pay", "grid", "myca"
const homeowner = { email: 'homeowner@example.com', password: 'Homeowner#2026', firstName: 'Jordan' };
const boardMember = { email: 'board@example.com', password: 'Board#2026' };
/** Routes a guest or someone signing in opens: they must never download grid or board code. */
const GUEST_ROUTES = new Set(['login', 'paynow']);

const problems: string[] = [];
const figure = (name: string, value: string, unit = '') => console.log(`${name}: ${value}${unit ? ` ${unit}` : ''}`);
const kb = (bytes: number) => (bytes / KB).toFixed(1);

// Everything stops by itself: on a signal, an uncaught error or the hard time limit, clean up and exit.
const liftLimit = stopOnLimitOrSignal('bench', HARD_LIMIT_MS, (message) => console.error(message));

function reportRoute(key: string, result: RouteResult) {
  figure(`js.${key}.gzip`, kb(result.gzipBytes), 'KB');
  const top = result.packages.slice(0, 10).map(([name, bytes]) => `${name} ${kb(bytes)} KB`).join(', ');
  figure(`js.${key}.top`, top);
  figure(`js.${key}.files`, String(result.files.length), 'files');
  // Which chunks make the first load, largest first (gzip), to see what a change moved into it.
  const chunks = [...result.files].sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((f) => `${(f.file ?? f.url).split('/').pop()} ${kb(f.gzipBytes)}`).join(', ');
  figure(`js.${key}.chunks`, chunks, 'KB');
  figure(`js.${key}.minified`, kb(result.files.reduce((sum, f) => sum + f.bytes, 0)), 'KB');
  if (!result.idle) console.error(`bench: ${key}: the network was still busy 15 s after the screen rendered; counted what had arrived`);
  const budget = BUDGETS[`js.${key}.gzip` as keyof typeof BUDGETS];
  if (budget !== undefined && result.gzipBytes > budget) {
    problems.push(`js.${key}.gzip: ${kb(result.gzipBytes)} KB is over its budget of ${kb(budget)} KB`);
  }
}

async function authenticate(baseUrl: string, who: { email: string; password: string } = homeowner): Promise<string> {
  const users = apiClients(fetchTransport(baseUrl, 15_000)).users;
  const session = await expectAnswer(`sign-in as ${who.email}`, users.authenticate({ email: who.email, password: who.password }), 200);
  return session.token;
}

let builds: Promise<{ portalDist: string; floorDist: string }> | null = null;
/** Builds the portal and the floor page once, for the bundle and the Lighthouse figures. */
function buildOnce() {
  builds ??= (async () => {
    const started = Date.now();
    // Its own folders, whatever PORTAL_OUT_DIR says, so the bench never overwrites dist/.
    const portalDist = resolve(root, '.tmp/bench-dist');
    const floorDist = resolve(root, '.tmp/bench-floor-dist');
    await buildPortalForBench(root, portalDist, 'all');
    await buildPage(join(import.meta.dirname, 'floor'), floorDist);
    console.error(`bench: built the portal and the floor page in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { portalDist, floorDist };
  })();
  return builds;
}

async function benchBundles() {
  const started = Date.now();
  const { portalDist, floorDist } = await buildOnce();

  const floor = await serveStatic(floorDist, await freePort());
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = startNode('portal server (PGlite)', ['server/main.ts'], {
    PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: portalDist, DATA_DIR: tempDir('bench-data-'),
    NODE_ENV: 'test', DATABASE_URL: '', REDIS_URL: '', SMTP_URL: '',
  }, root);

  // A page rendered ahead of time shows its button before the code behind it runs; the figure counts
  // what it takes for the button to work (enabled, no longer marked as waiting for its code).
  const workingButton = async (page: Page, name: string) => {
    const button = page.getByRole('button', { name, exact: true });
    await button.waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForFunction((text) => [...document.querySelectorAll('button')]
      .some((b) => b.textContent === text && !b.disabled && !b.hasAttribute('data-awaiting-code')), name, { timeout: 30_000 });
  };
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
          ready: (page) => workingButton(page, 'Sign in'),
        };
      } },
      { key: 'paynow', spec: async () => {
        await waitForHttp(`${baseUrl}/login`, server, 90_000);
        return {
          name: 'paynow', url: `${baseUrl}/paynow`, distDir: portalDist,
          ready: (page) => workingButton(page, 'Find my account'),
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
      // The guest's payment page in another site's frame: the same page, with the bridge to the host.
      { key: 'embed', spec: async () => {
        await waitForHttp(`${baseUrl}/login`, server, 90_000);
        return {
          name: 'embed', url: `${baseUrl}/embed/paynow?association=maplegrove`, distDir: portalDist,
          ready: (page) => workingButton(page, 'Find my account'),
        };
      } },
      // The board's first screen, opened cold: the grid's first page of rows counts.
      { key: 'board', spec: async () => {
        await waitForHttp(`${baseUrl}/login`, server, 90_000);
        const token = await authenticate(baseUrl, boardMember);
        return {
          name: 'board', url: `${baseUrl}/board/arcs`, distDir: portalDist, storage: { 'portal.token': token },
          ready: (page) => page.locator('[data-grid="board-arcs"] .ag-row .ag-cell').first().waitFor({ state: 'visible', timeout: 30_000 }),
        };
      } },
    ];
    for (const route of routes) {
      try {
        const result = await measureRoute(browser, await route.spec(), root);
        reportRoute(route.key, result);
        if (GUEST_ROUTES.has(route.key)) {
          const offenders = forbiddenCode(result);
          figure(`js.${route.key}.forbidden`, offenders.length === 0 ? 'none' : offenders.slice(0, 8).join(', ') + (offenders.length > 8 ? `, and ${offenders.length - 8} more` : ''));
          if (offenders.length > 0) problems.push(`js.${route.key}.forbidden: the ${route.key} page downloads grid or board code: ${offenders.slice(0, 3).join(', ')}`);
          const bridge = embedCode(result);
          figure(`js.${route.key}.embedCode`, bridge.length === 0 ? 'none' : bridge.join(', '));
          if (bridge.length > 0) problems.push(`js.${route.key}.embedCode: the ${route.key} page downloads the bridge to a host, which only pages under /embed need: ${bridge.slice(0, 3).join(', ')}`);
        }
        if (route.key === 'embed') {
          const bridge = embedCode(result);
          figure('js.embed.embedCode', bridge.length === 0 ? 'none' : bridge.join(', '));
          if (!bridge.some((source) => source.startsWith('engine/core/embed/bridge.ts'))) problems.push('js.embed.embedCode: /embed/paynow did not load the bridge to its host (engine/core/embed/bridge.ts)');
        }
      } catch (error) {
        problems.push(`js.${route.key}.gzip: ${(error as Error).message}`);
        if (GUEST_ROUTES.has(route.key)) problems.push(`js.${route.key}.forbidden: not measured (see js.${route.key}.gzip)`);
      }
    }
    await closeBrowser();
  } finally {
    await server.stop();
    await floor.close();
  }
  console.error(`bench: bundle figures took ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Keystrokes typed into each form after the warm-up ones (docs/bench.md, "Keystroke figures"). */
const KEYSTROKES = { warmup: 20, count: 60 };
/** Keystrokes typed into each form under a trace, for where their time goes. */
const KEYSTROKE_TASKS = { warmup: 20, count: 40 };

async function benchKeystrokes() {
  const started = Date.now();
  const dist = resolve(root, '.tmp/bench-keystroke-dist');
  await buildPage(join(import.meta.dirname, 'keystroke'), dist);
  const site = await serveStatic(dist, await freePort());
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ ...CHROMIUM, headless: true });
    const closeBrowser = onCleanup('close chromium', () => browser?.close());
    const [small, large] = await measureKeystrokes(browser, site.url, [
      { form: 'keystroke-10', field: 'f005', ...KEYSTROKES },
      { form: 'keystroke-200', field: 'f100', ...KEYSTROKES },
    ]);
    const runs = { small, large };
    // Where the time goes, after the measured keystrokes (tracing slows the page a little).
    const tasks = {
      small: await keystrokeTasks(browser, site.url, { form: 'keystroke-10', field: 'f005', ...KEYSTROKE_TASKS }),
      large: await keystrokeTasks(browser, site.url, { form: 'keystroke-200', field: 'f100', ...KEYSTROKE_TASKS }),
    };
    await closeBrowser();
    figure('form.keystroke200.p50', runs.large.p50.toFixed(1), 'ms');
    figure('form.keystroke200.p95', runs.large.p95.toFixed(1), 'ms');
    figure('form.keystroke10.p50', runs.small.p50.toFixed(1), 'ms');
    figure('form.keystroke10.p95', runs.small.p95.toFixed(1), 'ms');
    figure('form.keystroke200.tasks', formatBreakdown(tasks.large), 'ms per keystroke');
    figure('form.keystroke10.tasks', formatBreakdown(tasks.small), 'ms per keystroke');
    for (const run of [runs.small, runs.large]) {
      console.error(`bench: ${run.form}: Event Timing saw ${run.eventTiming.atOrOver16} of ${run.times.length} keystrokes at 16 ms or more` +
        (run.eventTiming.atOrOver16 > 0 ? ` (longest ${run.eventTiming.longest} ms)` : ''));
    }
    problems.push(...keystrokeBudgetProblems({ large: runs.large, small: runs.small }));
  } finally {
    await site.close();
  }
  console.error(`bench: keystroke figures took ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function benchLighthouse() {
  const started = Date.now();
  const { pages, runs } = lighthouseSettings(process.env);
  const { portalDist, floorDist } = await buildOnce();
  const results = await runLighthouse({
    root, portalDist, floorDist, pages, runs, tempDir, authenticate,
    onRun: (page, round, outcome, seconds) => console.error(`bench: lighthouse ${page} run ${round}/${runs}: ${
      outcome instanceof Error ? `failed: ${outcome.message}` : `score ${outcome.score}`} (${seconds.toFixed(1)} s)`),
  });
  const measured: Partial<Record<LhPage, LhFigures>> = {};
  for (const { page, figures, scores, lcpElement, clsCulprit, benchmarkIndex } of results) {
    if (figures instanceof Error) {
      problems.push(`lh.${page}: ${figures.message}`);
      continue;
    }
    measured[page] = figures;
    figure(`lh.${page}.score`, String(figures.score));
    figure(`lh.${page}.fcp`, String(figures.fcp), 'ms');
    figure(`lh.${page}.lcp`, String(figures.lcp), 'ms');
    figure(`lh.${page}.tbt`, String(figures.tbt), 'ms');
    figure(`lh.${page}.cls`, figures.cls.toFixed(3));
    console.error(`bench: lh.${page}: scores ${scores.join(', ')}; the median run's LCP element: ${lcpElement ?? '-'}; `
      + `most shifted: ${clsCulprit ?? '-'}; machine's benchmark index ${benchmarkIndex ?? '-'}`);
  }
  const budgets = checkLighthouseBudgets(measured);
  problems.push(...budgets.problems);
  for (const note of budgets.unchecked) console.error(`bench: not checked: ${note}`);
  console.error(`bench: Lighthouse figures took ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** MyCA's golden set through its answer pipeline, on an in-process PGlite with the demo data (docs/bench.md, "MyCA figures"). */
async function benchMyca() {
  const started = Date.now();
  const result = await runMycaBench({ root, log: (line) => console.error(`bench: ${line}`) });
  const { score, grown } = result;
  const figures = mycaFigures(score, result.p95, result.leaks.length);
  const share = (value: number | null) => (value === null ? '-' : value.toFixed(3));
  figure('myca.cite.top1', share(figures.citeTop1));
  figure('myca.cite.any', share(figures.citeAny));
  figure('myca.refusal.correct', share(figures.refusalCorrect));
  figure('myca.board.leaks', String(figures.boardLeaks));
  figure('myca.answer.p95', figures.answerP95.toFixed(1), 'ms');
  console.error(`bench: myca: first citation right for ${score.top1} of ${score.answerable} answerable questions, among the citations for ${score.any}; `
    + `${score.refusedRight} of ${score.unanswerable} unanswerable ones refused citing nothing`);
  for (const miss of score.misses) console.error(`bench: myca miss ${missLine(miss)}`);
  for (const leak of result.leaks) console.error(`bench: myca leak ${leak}`);
  console.error(`bench: myca: on the library grown to ${result.documents.seeded + result.documents.added} documents: first citation right for ${grown.top1} of ${grown.answerable}, `
    + `any for ${grown.any}, ${grown.refusedRight} of ${grown.unanswerable} refused (not budgeted)`);
  // What the added documents changed in the answers: a miss they made or changed, a miss they mended.
  const before = new Map(score.misses.map((miss) => [miss.id, miss.says]));
  const after = new Set(grown.misses.map((miss) => miss.id));
  for (const miss of grown.misses) if (before.get(miss.id) !== miss.says) console.error(`bench: myca miss on the grown library ${missLine(miss)}`);
  for (const id of before.keys()) if (!after.has(id)) console.error(`bench: myca right on the grown library: ${id}`);
  console.error(`bench: myca: makeAnswer p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, slowest ${Math.max(...result.times).toFixed(1)} ms over ${result.times.length} answers `
    + `(${result.asks} questions × ${result.times.length / result.asks} rounds); set-up ${result.seconds.setup.toFixed(1)} s, scoring ${result.seconds.scored.toFixed(1)} s, `
    + `timing ${result.seconds.timed.toFixed(1)} s`);
  problems.push(...mycaBudgetProblems(figures));
  console.error(`bench: MyCA figures took ${((Date.now() - started) / 1000).toFixed(1)} s`);
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
  if (!skip.has('keystroke')) {
    try {
      await benchKeystrokes();
    } catch (error) {
      problems.push(`keystroke figures: ${(error as Error).message}`);
    }
  }
  if (!skip.has('lh')) {
    try {
      await benchLighthouse();
    } catch (error) {
      problems.push(`Lighthouse figures: ${(error as Error).message}`);
    }
  }
  if (!skip.has('api')) {
    try {
      // Set by onRead (TypeScript cannot see a callback assign it, hence the assertion).
      let read = null as { readRps: number; bareRps: number } | null;
      const pay = await runApiBench({
        root, tempDir, authenticate, pay: !skip.has('pay'),
        // Printed as soon as they are measured, before the guest payment load.
        onRead: (api) => {
          read = { readRps: api.read.rps, bareRps: api.bare.rps };
          figure('api.read.rps', api.read.rps.toFixed(0), 'req/s');
          figure('api.read.p99', String(api.read.p99), 'ms');
          figure('api.bare.rps', api.bare.rps.toFixed(0), 'req/s');
          figure('api.bare.p99', String(api.bare.p99), 'ms');
          figure('api.read.overhead', ((api.bare.rps / api.read.rps - 1) * 100).toFixed(0), '%');
          console.error(`bench: the real server ran with NODE_ENV=${api.nodeEnv} (BENCH_API_NODE_ENV); p50 ${api.read.p50} ms vs bare ${api.bare.p50} ms`);
          for (const note of api.notes) console.error(`bench: ${note}`);
        },
      });
      if (pay instanceof Error) {
        problems.push(`pay.confirm: ${pay.message}`);
      } else if (pay) {
        figure('pay.confirm.rps', pay.rps.toFixed(1), 'ops/s');
        figure('pay.confirm.p99', pay.p99.toFixed(0), 'ms');
        console.error(`bench: guest payments: ${pay.operations} operations (Setup + attach + Confirm) by ${PAYERS} payers in ${pay.seconds} s, p50 ${pay.p50.toFixed(0)} ms`);
        for (const note of pay.notes) console.error(`bench: ${note}`);
      }
      if (read) problems.push(...apiBudgetProblems({ ...read, payRps: pay && !(pay instanceof Error) ? pay.rps : null }));
    } catch (error) {
      problems.push(`api figures${skip.has('pay') ? '' : ' (and pay.confirm)'}: ${(error as Error).message}`);
    }
  }
  if (!skip.has('grid')) {
    try {
      const grid = await runGridBench({ root, tempDir });
      figure('api.grid.p99', grid.p99.toFixed(1), 'ms');
      console.error(`bench: board grid p50 ${grid.p50.toFixed(1)} ms over ${grid.requests} requests`);
      for (const note of grid.notes) console.error(`bench: ${note}`);
      if (grid.p99 > GRID_P99_BUDGET_MS) problems.push(`api.grid.p99: ${grid.p99.toFixed(1)} ms is over its budget of ${GRID_P99_BUDGET_MS} ms`);
    } catch (error) {
      problems.push(`api.grid figures: ${(error as Error).message}`);
    }
  }
  if (!skip.has('myca')) {
    try {
      await benchMyca();
    } catch (error) {
      problems.push(`myca figures: ${(error as Error).message}`);
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
  liftLimit();
}
