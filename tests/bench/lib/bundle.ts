// The bundle figures: build with (hidden) source maps, load a route in Chromium with an empty cache,
// add up the gzip-9 size of every JavaScript response until the screen shows and the network is
// idle, and split those bytes among packages through the source maps.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import type { Browser, Page } from 'playwright-core';
import { prerenderPortal } from '../../../scripts/prerender.ts';
import { attributeSources, ownerOf, scaleToGzip, sourceName } from './attribution.ts';
import { sleep } from './procs.ts';

/** Debian's Chromium (never a downloaded browser), as in playwright.config.ts. */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--headless', '--disable-background-networking'],
};

/**
 * Writes `<file>.br` (brotli quality 11) and `<file>.gz` (gzip level 9) beside every JS, CSS and HTML
 * file, as scripts/build.ts does, so the servers send what they send in production (brotli to
 * Chromium). Source maps are left alone: no browser fetches them.
 */
export function precompress(dir: string) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) precompress(path);
    else if (/\.(js|mjs|css|html|svg|json)$/.test(name)) {
      const content = readFileSync(path);
      writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    }
  }
}

/**
 * Builds the portal as `npm run build` does (vite.config.ts, production, PORTAL_FEATURES, the pages
 * rendered ahead of time) into `outDir`, plus hidden source maps: the same JavaScript, no
 * sourceMappingURL comment, a .map beside it.
 */
export async function buildPortalForBench(root: string, outDir: string, features: string) {
  process.env.PORTAL_FEATURES = features;
  process.env.PORTAL_OUT_DIR = outDir;
  await build({
    root, configFile: join(root, 'vite.config.ts'), mode: 'production', logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: 'hidden' },
  });
  await prerenderPortal({ root, outDir, quiet: true });
  precompress(outDir);
}

/** Builds one of the bench's own pages (tests/bench/floor, tests/bench/keystroke) the same way, with its vite.config.ts. */
export async function buildPage(pageDir: string, outDir: string) {
  await build({
    configFile: join(pageDir, 'vite.config.ts'), mode: 'production', logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: 'hidden' },
  });
  precompress(outDir);
}

export interface Fetched { url: string; file: string | null; bytes: number; gzipBytes: number }
/** One source file (or package module) inside one fetched file: its owner, its name (see sourceName) and its minified bytes. */
export interface SourceShare { owner: string; source: string; bytes: number }
export interface RouteResult {
  name: string; files: Fetched[]; gzipBytes: number; packages: Array<[string, number]>; idle: boolean;
  /** What each fetched file is made of, per source file: for checks on what a route must not load. */
  contents: Array<{ file: Fetched; sources: SourceShare[] }>;
}

const isJs = (url: string, type: string, contentType: string) =>
  type === 'script' || /javascript|ecmascript/.test(contentType) || /\.m?js$/.test(new URL(url).pathname);

/** Resolves once no request has been in flight for `quietMs` (Playwright's networkidle is 500 ms), or false at the deadline. */
async function networkIdle(page: Page, inFlight: () => number, quietMs: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let quietSince = inFlight() === 0 ? Date.now() : 0;
  while (Date.now() < deadline) {
    await sleep(50);
    if (page.isClosed()) return false;
    if (inFlight() > 0) quietSince = 0;
    else if (quietSince === 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return true;
  }
  return false;
}

export interface RouteSpec {
  name: string;
  url: string;
  /** The build folder the server serves, to find each file's source map. */
  distDir: string;
  /** Resolves once the route's first screen is rendered. */
  ready: (page: Page) => Promise<unknown>;
  /** localStorage entries set before any of the page's scripts run. */
  storage?: Record<string, string>;
}

/** Loads one route in a fresh browser context (empty cache, no service workers) and measures its JS. */
export async function measureRoute(browser: Browser, spec: RouteSpec, root: string): Promise<RouteResult> {
  const context = await browser.newContext({ serviceWorkers: 'block', bypassCSP: false });
  try {
    if (spec.storage) {
      await context.addInitScript((entries: Record<string, string>) => {
        for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
      }, spec.storage);
    }
    const page = await context.newPage();
    const inFlight = new Set<unknown>();
    let recording = true;
    const bodies: Array<Promise<Fetched | null>> = [];
    const trouble: string[] = []; // shown when the screen never renders
    page.on('pageerror', (error) => { trouble.push(`page error: ${error.message}`); });
    page.on('request', (request) => { inFlight.add(request); });
    page.on('requestfailed', (request) => { inFlight.delete(request); });
    page.on('requestfinished', (request) => { inFlight.delete(request); });
    page.on('response', (response) => {
      const request = response.request();
      if (response.status() >= 400) trouble.push(`${response.status()} ${request.method()} ${response.url()}`);
      if (!recording || response.status() !== 200) return;
      if (!isJs(response.url(), request.resourceType(), response.headers()['content-type'] ?? '')) return;
      bodies.push(response.body().then((body) => {
        const path = decodeURIComponent(new URL(response.url()).pathname);
        const file = resolve(spec.distDir, `.${path}`);
        return {
          url: response.url(),
          file: file.startsWith(resolve(spec.distDir)) && existsSync(file) ? file : null,
          bytes: body.length,
          gzipBytes: gzipSync(body, { level: 9 }).length,
        };
      }, () => null));
    });
    await page.goto(spec.url, { waitUntil: 'load', timeout: 30_000 });
    try {
      await spec.ready(page);
    } catch (error) {
      const seen = trouble.length > 0 ? `; ${trouble.slice(0, 5).join('; ')}` : '';
      throw new Error(`${spec.name}: the screen did not render (${(error as Error).message.split('\n')[0]})${seen}`, { cause: error });
    }
    const idle = await networkIdle(page, () => inFlight.size, 500, 15_000);
    recording = false;
    const files = (await Promise.all(bodies)).filter((f): f is Fetched => f !== null);
    const packages = new Map<string, number>();
    const contents: RouteResult['contents'] = [];
    for (const fetched of files) {
      // The file's bytes as the browser got them must be the built file's, or the map does not apply.
      const sources: SourceShare[] = fetched.file && statSync(fetched.file).size === fetched.bytes
        ? [...attributeSources(fetched.file)].map(([source, bytes]) => ({
          owner: source === '(no source map)' ? source : ownerOf(source, root), source: sourceName(source, root), bytes,
        }))
        : [{ owner: '(not in the build)', source: '(not in the build)', bytes: fetched.bytes }];
      contents.push({ file: fetched, sources });
      const owners = new Map<string, number>();
      for (const { owner, bytes } of sources) owners.set(owner, (owners.get(owner) ?? 0) + bytes);
      for (const [owner, bytes] of scaleToGzip(owners, fetched.gzipBytes)) packages.set(owner, (packages.get(owner) ?? 0) + bytes);
    }
    return {
      name: spec.name, files, idle, contents,
      gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
      packages: [...packages].sort((a, b) => b[1] - a[1]),
    };
  } finally {
    await context.close();
  }
}

/**
 * What the guest payment page must never download: grid code (AG Grid's packages: `ag-grid-*` and
 * `ag-stack`, its shared core since v35) and board code (any source file whose root-relative path
 * has `/board` in it, any case). Returns the offenders, largest first, as
 * "what (KB minified) in which file"; a fetched file that cannot be looked into is an offender too.
 */
export function forbiddenCode(result: RouteResult): string[] {
  const offenders: Array<[string, number]> = [];
  for (const { file, sources } of result.contents) {
    const where = file.file ? new URL(file.url).pathname : file.url;
    const found = new Map<string, number>();
    for (const { owner, source, bytes } of sources) {
      const what = owner === '(not in the build)' ? 'a file that is not in the build (its contents are unknown)'
        : /^ag-grid-|^ag-stack$/.test(owner) ? owner
        : /\/board/i.test(source) ? source
        : null;
      if (what) found.set(what, (found.get(what) ?? 0) + bytes);
    }
    for (const [what, bytes] of found) offenders.push([`${what} (${(bytes / 1000).toFixed(1)} KB minified) in ${where}`, bytes]);
  }
  return offenders.sort((a, b) => b[1] - a[1]).map(([text]) => text);
}

/** The bridge to a host page or app (engine/core/embed/, engine/react/embed/): only pages under the mirror load it. */
const EMBED_SOURCE = /(^|\/)engine\/(core|react)\/embed\//;

/** The bridge's source files a route's first load holds, largest first, as "source (KB minified)". */
export function embedCode(result: RouteResult): string[] {
  const found = new Map<string, number>();
  for (const { sources } of result.contents) {
    for (const { source, bytes } of sources) if (EMBED_SOURCE.test(source)) found.set(source, (found.get(source) ?? 0) + bytes);
  }
  return [...found].sort((a, b) => b[1] - a[1]).map(([source, bytes]) => `${source.replace(/^.*?engine\//, 'engine/')} (${(bytes / 1000).toFixed(1)} KB minified)`);
}
