// The Lighthouse figures: Lighthouse's default (mobile, simulated throttling) performance category
// on the portal's first screens and on the floor page, served as in production, several interleaved
// rounds, the median run per page. Figures and budgets: lighthouse-budgets.ts; docs/bench.md.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse, { type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM } from './bundle.ts';
import { figuresOf, medianRun, type LhFigures, type LhPage } from './lighthouse-budgets.ts';
import { freePort, onCleanup, startNode, waitForHttp } from './procs.ts';
import { serveStatic } from './static-server.ts';

/** A demo association with a theme of its own (Evergreen, themes/evergreen.json): the branded guest page. */
export const BRANDED_ASSOCIATION = 'maplegrove';
/**
 * A demo association in the default template that gets its colours from the management console
 * (its settings, saved through the settings API before the runs): the console-branded guest page.
 */
export const CONSOLE_BRANDED_ASSOCIATION = 'demoville';
/** The colours the console gives it (both pass the contrast check in every template). */
const CONSOLE_BRAND = { primaryColor: '#0b5cad', accentColor: '#1b7042' };
const manager = { email: 'manager@example.com', password: 'Manager#2026' };
/** Longest one Lighthouse run may take (it waits up to 45 s for load itself). */
const RUN_TIMEOUT_MS = 120_000;

export interface LhOptions {
  root: string;
  portalDist: string;
  floorDist: string;
  pages: LhPage[];
  runs: number;
  tempDir: (prefix: string) => string;
  /** Signs the demo homeowner (or `who`) in on the server at baseUrl; returns the portal token. */
  authenticate: (baseUrl: string, who?: { email: string; password: string }) => Promise<string>;
  /** Told of each run as it ends (and of a run Lighthouse failed, before it is run again), for progress on stderr. */
  onRun?: (page: LhPage, round: number, outcome: LhFigures | Error, seconds: number) => void;
}

export interface LhPageResult {
  page: LhPage;
  /** The median run's figures, or why the page could not be measured. */
  figures: LhFigures | Error;
  /** Every run's score, in round order (failed runs left out). */
  scores: number[];
  /** What the median run's largest contentful paint and largest layout shift were, to read along. */
  lcpElement: string | null;
  clsCulprit: string | null;
  /** Lighthouse's measure of the machine's speed during the median run (higher is faster). */
  benchmarkIndex: number | null;
}

interface PageTarget { url: string; signedIn: boolean; check?: (lhr: Result) => string | null }

/** Lighthouse itself failed (its runtime error, no result, its time limit), not the page's checks. */
class LighthouseFailure extends Error {}

/** Runs every round and returns the median run of each page, in `pages` order. */
export async function runLighthouse(options: LhOptions): Promise<LhPageResult[]> {
  const { root, pages } = options;
  const floor = pages.includes('floor') ? await serveStatic(options.floorDist, await freePort()) : null;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // As deployed: NODE_ENV=production (no response checking, info logging), the demo data switched
  // on explicitly, on an embedded PGlite database of its own.
  const server = startNode('portal server (production, PGlite)', ['server/main.ts'], {
    PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: options.portalDist, DATA_DIR: options.tempDir('bench-lh-data-'),
    NODE_ENV: 'production', DEMO_DATA: '1', JWT_SECRET: randomBytes(32).toString('hex'), PUBLIC_URL: baseUrl,
    DATABASE_URL: '', REDIS_URL: '', SMTP_URL: '',
  }, root);
  /** How the server ended ("1", "SIGTERM"), or null while it runs. */
  const serverExited = () => {
    const { exitCode, signalCode } = server.process;
    return exitCode === null && signalCode === null ? null : String(exitCode ?? signalCode);
  };
  try {
    await waitForHttp(`${baseUrl}/login`, server, 90_000);
    if (pages.includes('paynow-console-branded')) await brandFromConsole(baseUrl, await options.authenticate(baseUrl, manager));
    const token = pages.some((page) => targetOf(page, baseUrl, '').signedIn) ? await options.authenticate(baseUrl) : null;
    const runs = new Map<LhPage, Array<{ figures: LhFigures; lhr: Result }>>(pages.map((page) => [page, []]));
    const errors = new Map<LhPage, Error>();
    // Round after round of every page, so that a change in the machine's load during the bench
    // weighs on every page alike rather than on the pages measured at that moment.
    for (let round = 1; round <= options.runs; round += 1) {
      for (const page of pages) {
        const started = Date.now();
        const target = targetOf(page, baseUrl, floor?.url ?? '');
        try {
          const lhr = await runWithRetries(target, target.signedIn ? token : null, (error) => {
            if (serverExited()) throw error;
            options.onRun?.(page, round, new Error(`${error.message}; running it again`), (Date.now() - started) / 1000);
          });
          const figures = figuresOf(lhr);
          runs.get(page)!.push({ figures, lhr });
          options.onRun?.(page, round, figures, (Date.now() - started) / 1000);
        } catch (error) {
          if (!errors.has(page)) errors.set(page, new Error(`run ${round}: ${(error as Error).message}`, { cause: error }));
          options.onRun?.(page, round, error as Error, (Date.now() - started) / 1000);
          // Without its server every later run would fail the same way: say so once, with its output.
          const exited = serverExited();
          if (exited) throw new Error(`${server.name} exited (${exited}) during the Lighthouse runs:\n${server.output()}`, { cause: error });
        }
      }
    }
    return pages.map((page) => {
      const done = runs.get(page)!;
      // Every run must succeed: a median of the runs that happened to work would flatter the page.
      const failed = errors.get(page);
      if (failed || done.length === 0) {
        return { page, figures: failed ?? new Error('no run'), scores: done.map((r) => r.figures.score), lcpElement: null, clsCulprit: null, benchmarkIndex: null };
      }
      const median = medianRun(done);
      return {
        page, figures: median.figures, scores: done.map((r) => r.figures.score),
        lcpElement: lcpElementOf(median.lhr), clsCulprit: clsCulpritOf(median.lhr),
        benchmarkIndex: median.lhr.environment.benchmarkIndex ?? null,
      };
    });
  } finally {
    await server.stop();
    await floor?.close();
  }
}

function targetOf(page: LhPage, baseUrl: string, floorUrl: string): PageTarget {
  switch (page) {
    case 'floor': return { url: `${floorUrl}/`, signedIn: false };
    case 'paynow-branded': return {
      url: `${baseUrl}/paynow?association=${BRANDED_ASSOCIATION}`, signedIn: false,
      // The brand comes from getGuestConfiguration: without its answer the page is not the branded one.
      check: (lhr) => requested(lhr, (url, status) => url.pathname === '/api/guest-pay/configuration'
        && url.searchParams.get('associationCode') === BRANDED_ASSOCIATION && status === 200)
        ? null : `no 200 answer to GET /api/guest-pay/configuration?associationCode=${BRANDED_ASSOCIATION}`,
    };
    case 'paynow-console-branded': return {
      url: `${baseUrl}/paynow?association=${CONSOLE_BRANDED_ASSOCIATION}`, signedIn: false,
      check: (lhr) => requested(lhr, (url, status) => url.pathname === '/api/guest-pay/configuration'
        && url.searchParams.get('associationCode') === CONSOLE_BRANDED_ASSOCIATION && status === 200)
        ? null : `no 200 answer to GET /api/guest-pay/configuration?associationCode=${CONSOLE_BRANDED_ASSOCIATION}`,
    };
    case 'dashboard': case 'billing': return { url: `${baseUrl}/${page}`, signedIn: true };
    default: return { url: `${baseUrl}/${page}`, signedIn: false };
  }
}

/**
 * Gives the console-branded association its colours as the management console does (the settings
 * API, as Summit's admin), then checks that its guest page arrives in them, before any script runs:
 * measured without them the figure would be the plain page's.
 */
async function brandFromConsole(baseUrl: string, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const listed = await fetch(`${baseUrl}/api/management/Associations?startRow=0&endRow=100`, { headers });
  const { rows } = (await listed.json()) as { rows?: { id: number; code?: string; name: string }[] };
  const association = rows?.find((row) => row.code === CONSOLE_BRANDED_ASSOCIATION);
  if (!association) throw new Error(`the console lists no ${CONSOLE_BRANDED_ASSOCIATION} (${listed.status})`);
  for (const [key, value] of Object.entries(CONSOLE_BRAND)) {
    const saved = await fetch(`${baseUrl}/api/settings/Associations/${association.id}/${key}`, { method: 'PUT', headers, body: JSON.stringify({ value }) });
    if (saved.status !== 200) throw new Error(`the console refused ${key} ${value} for ${CONSOLE_BRANDED_ASSOCIATION}: ${saved.status} ${(await saved.text()).slice(0, 200)}`);
  }
  const page = await (await fetch(`${baseUrl}/paynow?association=${CONSOLE_BRANDED_ASSOCIATION}`)).text();
  if (!page.includes(`--chakra-colors-brand-solid: ${CONSOLE_BRAND.primaryColor}`)) {
    throw new Error(`/paynow?association=${CONSOLE_BRANDED_ASSOCIATION} does not arrive in the console's colours`);
  }
}

/** Lighthouse's own failures on a busy machine (NO_NAVSTART: "please run Lighthouse again") are tried again. */
const LIGHTHOUSE_RETRIES = 2;

/** runOnce, again after a LighthouseFailure (up to LIGHTHOUSE_RETRIES times); a page that fails its checks is not retried. */
async function runWithRetries(target: PageTarget, token: string | null, beforeRetry: (error: LighthouseFailure) => void): Promise<Result> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await runOnce(target, token);
    } catch (error) {
      if (!(error instanceof LighthouseFailure) || attempt >= LIGHTHOUSE_RETRIES) throw error;
      beforeRetry(error);
    }
  }
}

/** One Lighthouse run in a Chromium of its own (a new profile: nothing cached, nothing stored). */
async function runOnce(target: PageTarget, token: string | null): Promise<Result> {
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM.executablePath, headless: true, // puppeteer passes --headless=new
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    // The bench's own clean-up closes it; puppeteer's would exit the process on Ctrl-C before it.
    handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false,
  });
  const close = onCleanup('close chromium (Lighthouse)', () => browser.close());
  try {
    const page = await browser.newPage();
    if (token) {
      // Signed in as the portal keeps a session: the token in localStorage before the page's scripts
      // run. Lighthouse's storage reset (on, the default) clears the browser cache and the origin's
      // file systems, shader cache, service workers and cache storage (its clearStorageTypes), not
      // localStorage, and this script runs in each new document after it anyway.
      await page.evaluateOnNewDocument((origin: string, value: string) => {
        if (location.origin === origin) localStorage.setItem('portal.token', value);
      }, new URL(target.url).origin, token);
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new LighthouseFailure(`Lighthouse did not finish within ${RUN_TIMEOUT_MS / 1000} s`)), RUN_TIMEOUT_MS);
    });
    const result = await Promise.race([
      // The full-page screenshot is taken after the trace, for the HTML report only: not needed here.
      lighthouse(target.url, { onlyCategories: ['performance'], logLevel: 'error', disableFullPageScreenshot: true }, undefined, page),
      timeout,
    ]).finally(() => clearTimeout(timer));
    const lhr = result?.lhr;
    if (!lhr) throw new LighthouseFailure('Lighthouse returned no result');
    if (lhr.runtimeError) throw new LighthouseFailure(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    // The screen asked for, not a redirect (a signed-in page whose token was refused shows /login).
    const wanted = new URL(target.url);
    const shown = new URL(lhr.finalDisplayedUrl);
    if (shown.pathname !== wanted.pathname) throw new Error(`the browser ended on ${shown.pathname}${shown.search}, not ${wanted.pathname}`);
    const wrong = target.check?.(lhr);
    if (wrong) throw new Error(wrong);
    saveReport(lhr);
    return lhr;
  } finally {
    await close();
  }
}

/** With BENCH_LH_SAVE=<folder>, every run's full Lighthouse result is kept there as JSON, to look into. */
function saveReport(lhr: Result) {
  const folder = process.env.BENCH_LH_SAVE;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const url = new URL(lhr.finalDisplayedUrl);
  const name = `${(url.pathname.replace(/^\/|\/$/g, '').replace(/\//g, '-') || 'floor')}${url.search ? '-query' : ''}-${Date.now()}.json`;
  writeFileSync(join(folder, name), JSON.stringify(lhr));
}

/** Whether the run made a request that `match` accepts (from the network-requests audit). */
function requested(lhr: Result, match: (url: URL, status: number) => boolean): boolean {
  const details = lhr.audits['network-requests']?.details as { items?: Array<{ url?: string; statusCode?: number }> } | undefined;
  return (details?.items ?? []).some((item) => typeof item.url === 'string' && match(new URL(item.url), item.statusCode ?? 0));
}

type DetailItem = { type?: string; items?: DetailItem[]; node?: DetailItem; score?: number; nodeLabel?: string; snippet?: string };
const itemsOf = (lhr: Result, auditId: string) => ((lhr.audits[auditId]?.details as DetailItem | undefined)?.items ?? []);
const labelOf = (node: DetailItem | undefined) => {
  const label = node?.nodeLabel ?? node?.snippet;
  return label ? label.replace(/\s+/g, ' ').slice(0, 80) : null;
};
/** The largest contentful paint's element (lcp-breakdown-insight: a table of subparts, then the node). */
const lcpElementOf = (lhr: Result) => labelOf(itemsOf(lhr, 'lcp-breakdown-insight').find((item) => item.type === 'node'));
/** The element whose shifts weigh most (cls-culprits-insight: a table of a total row, then one row per element). */
const clsCulpritOf = (lhr: Result) => labelOf((itemsOf(lhr, 'cls-culprits-insight').find((item) => item.type === 'table')?.items ?? [])
  .filter((row) => row.node?.type === 'node').sort((a, b) => (b.score ?? 0) - (a.score ?? 0))[0]?.node);
