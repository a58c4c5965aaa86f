// Security headers, the development mailbox, the static site and legacy redirects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { repoRoot } from '../../server/app.ts';
import { BACKENDS, call, createTestClock, expectErrorShape, testApp, useTestDatabase } from './helpers.ts';

const INDEX_HTML = '<!doctype html><html lang="en"><head><title>Portal</title><script type="module" src="/assets/app-3f2a1b9c.js"></script></head><body><div id="root"></div></body></html>';
const APP_JS = `console.log(${JSON.stringify('portal '.repeat(200))});\n`;
const PAYNOW_HTML = '<!doctype html><html lang="en"><head><title>Make a payment</title></head><body><div id="root" data-prerendered="/paynow"><p>Pay without an account.</p></div></body></html>';
const THEME_RULES = '@layer tokens { :root[data-theme-name="Evergreen"] { --chakra-fonts-body: Georgia; } }';
// The inline script of a signed-in frame (engine/core/early-look.ts), allowed by its hash alone.
const EARLY_LOOK = '(function(){document.documentElement.setAttribute("data-x","1")})();';
const EARLY_LOOK_HASH = `'sha256-${createHash('sha256').update(EARLY_LOOK).digest('base64')}'`;

async function makeStaticDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-static-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(dir, 'index.html.br'), brotliCompressSync(INDEX_HTML));
  await writeFile(path.join(dir, 'assets', 'app-3f2a1b9c.js'), APP_JS);
  await writeFile(path.join(dir, 'assets', 'app-3f2a1b9c.js.br'), brotliCompressSync(APP_JS));
  await writeFile(path.join(dir, 'assets', 'app-3f2a1b9c.js.gz'), gzipSync(APP_JS));
  await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await mkdir(path.join(dir, 'prerendered', 'public'), { recursive: true });
  for (const page of ['paynow', 'login', 'forgot-login', 'public/paynow']) await writeFile(path.join(dir, 'prerendered', `${page}.html`), PAYNOW_HTML);
  await writeFile(path.join(dir, 'theme-variables.css'), THEME_RULES);
  await writeFile(path.join(dir, 'early-look.js'), EARLY_LOOK);
  return dir;
}

describe.each(BACKENDS)('web on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let staticDir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    staticDir = await makeStaticDir();
    app = await testApp(database.current.db, { staticDir, clock: clock.now, frameAncestors: "'self' https://hoa.example.com" });
  });
  afterAll(async () => {
    await app?.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it('sends security headers: CSP without unsafe-eval or unsafe-inline (one inline script, by its hash), configured frame-ancestors, no X-Frame-Options', async () => {
    for (const url of ['/', '/api/users/HomeSettings', '/dashboard']) {
      const res = await call(app, 'GET', url);
      const csp = String(res.headers['content-security-policy']);
      const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v.join(' ')]));
      expect(directives['default-src']).toBe("'self'");
      expect(directives['script-src']).toBe(`'self' ${EARLY_LOOK_HASH}`);
      expect(directives['style-src']).toBe("'self' 'unsafe-inline'");
      // blob: only for documents the page itself has read (the file preview); no other origin.
      expect(directives['img-src']).toBe("'self' data: blob:");
      expect(directives['frame-src']).toBe("'self' blob:");
      expect(directives['frame-ancestors']).toBe("'self' https://hoa.example.com");
      expect(directives['object-src']).toBe("'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('serves a precompressed hashed asset with immutable caching', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/app-3f2a1b9c.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(String(br.headers['content-type'])).toMatch(/javascript/);
    expect(br.rawPayload.equals(brotliCompressSync(APP_JS))).toBe(true);
    const gz = await app.inject({ method: 'GET', url: '/assets/app-3f2a1b9c.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ method: 'GET', url: '/assets/app-3f2a1b9c.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
    // A missing asset is a 404, never index.html.
    expect((await call(app, 'GET', '/assets/app-00000000.js')).status).toBe(404);
  });

  it('serves index.html with no-cache, and falls back to it for client routes', async () => {
    for (const url of ['/', '/index.html', '/dashboard', '/billing/account-history?x=1', '/embed/login', '/DashBoard', '/login/abc', '/public/community/faq', '/epay/link/token-abc', '/board/arcs', '/board/arcs/12', '/board/arcs/12/attachments', '/embed/board/reports']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      // An embedded page's policy is an association's: never kept by a shared cache (tests/server/embedding.test.ts).
      expect(res.headers['cache-control'], url).toBe(url.startsWith('/embed/') ? 'private, no-cache' : 'no-cache');
      expect(String(res.headers['content-type']), url).toMatch(/text\/html/);
    }
    const plain = await call(app, 'GET', '/community/help');
    expect(plain.body).toBe(INDEX_HTML);
    const other = await call(app, 'GET', '/favicon.svg');
    expect(other.headers['cache-control']).toBe('no-cache');
    // /api and /dev misses are JSON errors, not the page.
    expectErrorShape(await call(app, 'GET', '/api/nothing'), 404);
    expectErrorShape(await call(app, 'GET', '/dev/nothing'), 404);
    expectErrorShape(await call(app, 'POST', '/dashboard'), 404);
  });

  it('sends a page rendered ahead of time in the theme of the association its address names, where its route takes the theme from there', async () => {
    const themed = await app.inject({ method: 'GET', url: '/paynow?association=MapleGrove', headers: { 'accept-encoding': 'gzip, br' } });
    expect(themed.statusCode).toBe(200);
    expect(themed.headers['content-encoding']).toBe('br');
    expect(themed.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(themed.rawPayload).toString('utf8');
    expect(html).toBe(PAYNOW_HTML
      .replace('<html lang="en">', '<html data-theme-name="Evergreen" lang="en">')
      .replace('</head>', `<style id="engine-theme-variables">${THEME_RULES}</style></head>`));
    const gzipped = await app.inject({ method: 'GET', url: '/public/paynow?association=maplegrove', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toContain('data-theme-name="Evergreen"');
    // Sent as built: no association, an unknown one, a route that takes no theme from its address.
    for (const url of ['/paynow', '/paynow?association=nowhere', '/paynow?association=', '/forgot-login?association=maplegrove']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(PAYNOW_HTML);
    }
  });

  it('a non-route and a planned route answer 404', async () => {
    // No route at all, a parent without a page of its own, planned routes (also in the /embed
    // mirror and with parameters): the page is still index.html, so the app renders not-found.
    for (const url of ['/no/such/page', '/board', '/custom/ChangeAddress', '/embed/custom/x', '/dashboard/extra']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control'], url).toBe(url.startsWith('/embed/') ? 'private, no-cache' : 'no-cache');
      expect(String(res.headers['content-type']), url).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.rawPayload.equals(brotliCompressSync(INDEX_HTML)), url).toBe(true);
    }
    const head = await app.inject({ method: 'HEAD', url: '/custom/ChangeAddress' });
    expect(head.statusCode).toBe(404);
    // The handover from a host's site is a page (its screen says why a link is refused).
    expect((await app.inject({ method: 'GET', url: '/auth/jwt?company=summit&token=x' })).statusCode).toBe(200);
    expect((await call(app, 'GET', '/not-found')).status).toBe(200);
  });

  it("a content page's address is a page only when it has one; the public one only for a public page of the named association", async () => {
    const db = database.current.db;
    const { rows } = await db.query<{ id: number; company: number }>(`SELECT id, management_company_id AS company FROM associations WHERE code = 'maplegrove'`);
    const maple = { id: Number(rows[0].id), company: Number(rows[0].company) };
    const add = (key: string, isPublic: boolean, associationId: number | null) =>
      db.query('INSERT INTO custom_pages (management_company_id, association_id, key, title, body, is_public) VALUES ($1, $2, $3, $4, $5, $6)', [maple.company, associationId, key, 'Title', 'Text', isPublic]);
    await add('web-private', false, null);
    await add('web-open', true, maple.id);
    const status = async (url: string) => (await app.inject({ method: 'GET', url })).statusCode;
    expect(await status('/custom/web-private')).toBe(200);
    expect(await status('/custom/Web-Open')).toBe(200);
    expect(await status('/embed/custom/web-open')).toBe(200);
    expect(await status('/custom/web-none')).toBe(404);
    expect(await status('/custom/a%20b')).toBe(404);
    expect(await status('/public/custom/web-open?association=MapleGrove')).toBe(200);
    expect(await status('/public/custom/web-open?association=cedarpoint')).toBe(404);
    expect(await status('/public/custom/web-open')).toBe(404);
    expect(await status('/public/custom/web-private?association=maplegrove')).toBe(404);
    await db.query(`DELETE FROM custom_pages WHERE key LIKE 'web-%'`);
  });

  it('answers legacy addresses with a 301 that keeps the query string', async () => {
    const cases: [string, string][] = [
      ['/Homeowner_v2/Billing?accountId=5&x=y', '/billing?accountId=5&x=y'],
      ['/homeowner_v2/makepayment', '/billing'],
      ['/Homeowner_v2/Messages', '/community/requests'],
      ['/Homeowner_v2/Messages/42', '/my/messages/42'],
      ['/Home_v2/Login?returnUrl=%2Fdashboard', '/login?returnUrl=%2Fdashboard'],
      ['/embed/Homeowner_v2/Billing', '/embed/billing'],
    ];
    for (const [from, to] of cases) {
      const res = await call(app, 'GET', from);
      expect(res.status, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
  });

  it('answers the legacy pages named without a prefix like their prefixed forms, and never /paynow', async () => {
    const cases: [string, string][] = [
      ['/Documents', '/community/documents'],
      ['/Directory?x=1', '/community/directory?x=1'],
      ['/Calendar', '/community/calendar'],
      ['/OwnerDashboard', '/dashboard'],
      ['/Help', '/community/help'],
      ['/faq', '/community/faq'],
      ['/ArcRequest', '/board/arcs'],
      ['/embed/Documents', '/embed/community/documents'],
    ];
    for (const [from, to] of cases) {
      const res = await call(app, 'GET', from);
      expect(res.status, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
    for (const page of ['/paynow', '/PayNow']) expect((await call(app, 'GET', page)).status, page).toBe(200);
  });

  it('shows the development mailbox newest first', async () => {
    await app.services.mailer.send({ to: 'first@example.com', subject: 'First', text: 'one' });
    clock.advance(1000);
    await app.services.mailer.send({ to: 'second@example.com', subject: 'Second <b>', text: 'two & more' });
    const json = await call(app, 'GET', '/dev/mailbox.json');
    expect(json.status).toBe(200);
    expect(json.json.slice(0, 2)).toEqual([
      { to: 'second@example.com', subject: 'Second <b>', text: 'two & more', createdAt: clock.now().toISOString() },
      { to: 'first@example.com', subject: 'First', text: 'one', createdAt: new Date(clock.now().getTime() - 1000).toISOString() },
    ]);
    const html = await call(app, 'GET', '/dev/mailbox');
    expect(html.status).toBe(200);
    expect(String(html.headers['content-type'])).toMatch(/text\/html/);
    expect(html.body).toContain('<html lang="en">');
    expect(html.body).toContain('<h1>Development mailbox</h1>');
    expect(html.body).toContain('Second &lt;b&gt;');
    expect(html.body).toContain('two &amp; more');
    expect(html.body.indexOf('Second')).toBeLessThan(html.body.indexOf('First'));
    expect(html.body).not.toContain('<script');
  });
});

describe.each(BACKENDS)('production and configuration on %s', (kind) => {
  const database = useTestDatabase(kind);

  it('has no mailbox in production (and the default frame-ancestors is self)', async () => {
    const app = await testApp(database.current.db, { nodeEnv: 'production' });
    try {
      for (const url of ['/dev/mailbox', '/dev/mailbox.json']) expectErrorShape(await call(app, 'GET', url), 404);
      const res = await call(app, 'GET', '/api/users/HomeSettings');
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
      expect(res.headers['strict-transport-security']).toBeDefined();
    } finally {
      await app.close();
    }
  });

  it('follows an edited copy of redirects.yaml', async () => {
    const schemasDir = await mkdtemp(path.join(os.tmpdir(), 'portal-schemas-'));
    const staticDir = await makeStaticDir();
    try {
      await cp(path.join(repoRoot, 'schemas', 'routes.yaml'), path.join(schemasDir, 'routes.yaml'));
      const original = await readFile(path.join(repoRoot, 'schemas', 'redirects.yaml'), 'utf8');
      const edited = original
        .replace('- { from: Homeowner_v2/Billing, to: /billing }', '- { from: Homeowner_v2/Billing, to: /billing/account-overview }')
        .replace(/redirects:\n/, 'redirects:\n  - { from: Homeowner_v2/BrandNew, to: /community/faq }\n');
      expect(edited).not.toBe(original);
      await writeFile(path.join(schemasDir, 'redirects.yaml'), edited);
      const app = await testApp(database.current.db, { schemasDir, staticDir, demoData: false });
      try {
        expect((await call(app, 'GET', '/Homeowner_v2/Billing?a=1')).headers.location).toBe('/billing/account-overview?a=1');
        expect((await call(app, 'GET', '/Homeowner_v2/BrandNew/more?b=2')).headers.location).toBe('/community/faq/more?b=2');
        expect((await call(app, 'GET', '/Homeowner_v2/MakePayment')).headers.location).toBe('/billing');
      } finally {
        await app.close();
      }
      // Without a redirects.yaml nothing is redirected: the client router shows not-found.
      const empty = await mkdtemp(path.join(os.tmpdir(), 'portal-schemas-'));
      const bare = await testApp(database.current.db, { schemasDir: empty, staticDir, demoData: false });
      try {
        expect((await call(bare, 'GET', '/Homeowner_v2/Billing')).status).toBe(200);
      } finally {
        await bare.close();
        await rm(empty, { recursive: true, force: true });
      }
    } finally {
      await rm(schemasDir, { recursive: true, force: true });
      await rm(staticDir, { recursive: true, force: true });
    }
  });
});
