// An association's brand from the console (server/branding/): colours that fail WCAG 2.2 AA are
// refused with their ratio and nothing saved; colours and favicon that pass reach every page of
// the association (the residents' settings, the guest and public answers, and a page rendered
// ahead of time sent in its look); another company's admin gets 404. PGlite and PostgreSQL.
import os from 'node:os';
import path from 'node:path';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, signIn, testApp, useTestDatabase } from './helpers.ts';
import { associationId } from './billing-helpers.ts';
import { contrastFailure } from '../../server/branding/contrast.ts';
import { SAMPLES, multipart } from './documents-helpers.ts';

const BASE = '/api/settings';
const PAGE = '<!doctype html><html lang="en"><head><link rel="icon" href="data:," /><title>Make a payment</title></head><body><div id="root"></div></body></html>';
// A page as the build makes it: its scripts and their preloads, which a preview leaves out.
const SCRIPTED = '<!doctype html><html lang="en"><head><link rel="modulepreload" href="/assets/a.js"><script type="module" src="/assets/app.js"></script><title>Sign in</title></head><body><main>Sign in</main><script>window.x = 1</script></body></html>';

describe('the contrast check', () => {
  it('measures every use of a colour against every design template, and names the worst', () => {
    // A light blue: white button text on it is about 2.2:1.
    expect(contrastFailure('primaryColor', '#7fb2e5')).toMatchObject({ ratio: 2.23, minimum: 4.5, where: 'button text (#ffffff) on it' });
    // A green that passes on white but not as a link on Evergreen's tinted page.
    expect(contrastFailure('accentColor', '#2f855a')).toMatchObject({ ratio: 4.26, minimum: 4.5, theme: 'Evergreen' });
    expect(contrastFailure('accentColor', '#1b7042')).toBeNull();
    expect(contrastFailure('primaryColor', '#0b5cad')).toBeNull();
    // Other keys and values that are no colour are the schema's to refuse.
    expect(contrastFailure('logo', '#ffffff')).toBeNull();
    expect(contrastFailure('primaryColor', 'blue')).toBeNull();
  });
});

describe.each(BACKENDS)('branding on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  let staticDir: string;
  let maple: number;
  let manager: string;
  let lakeside: string;
  let homeowner: string;
  const db = () => database.current.db;
  const snapshot = async () => ({
    settings: (await db().query('SELECT management_company_id, association_id, key, value, locked FROM portal_settings ORDER BY id')).rows,
    audit: Number((await db().query<{ n: number }>('SELECT count(*)::int AS n FROM audit_entries')).rows[0].n),
  });
  const images = async () => Number((await db().query<{ n: number }>('SELECT count(*)::int AS n FROM brand_images')).rows[0].n);
  const upload = async (url: string, token: string, file?: { filename: string; bytes: Buffer }) => {
    const { payload, contentType } = multipart({}, file);
    const res = await app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, authorization: `Bearer ${token}` } });
    return { status: res.statusCode, json: res.body ? JSON.parse(res.body) : undefined };
  };
  const homeLook = async () => (await call(app, 'GET', '/api/users/HomeSettings', { token: homeowner })).json.userSettings.associations
    .find((a: { id: number }) => a.id === maple) as { themeOverrides: Record<string, string>; faviconUrl: string | null };

  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(os.tmpdir(), 'portal-branding-'));
    await mkdir(path.join(staticDir, 'prerendered', 'public'), { recursive: true });
    await writeFile(path.join(staticDir, 'index.html'), PAGE);
    for (const page of ['paynow', 'login', 'public', 'public/paynow']) await writeFile(path.join(staticDir, 'prerendered', `${page}.html`), PAGE);
    await writeFile(path.join(staticDir, 'prerendered', 'dashboard.html'), SCRIPTED);
    await writeFile(path.join(staticDir, 'theme-variables.css'), '@layer tokens { :root[data-theme-name="Evergreen"] { --chakra-fonts-body: Georgia; } }');
    app = await testApp(db(), { staticDir });
    maple = await associationId(db(), 'maplegrove');
    manager = (await signIn(app, DEMO.manager)).token;
    lakeside = (await signIn(app, DEMO.lakesideAdmin)).token;
    homeowner = (await signIn(app, DEMO.homeowner)).token;
  });
  afterAll(async () => {
    await app?.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it('refuses a colour that fails its contrast, with the measured ratio, and saves nothing', async () => {
    const before = await snapshot();
    const primary = await call(app, 'PUT', `${BASE}/Associations/${maple}/primaryColor`, { token: manager, body: { value: '#7fb2e5' } });
    expect(primary.status).toBe(400);
    expect(primary.json.errorCode).toBe('SET004');
    expect(primary.json.detail).toBe('The colour #7fb2e5 for primaryColor gives button text (#ffffff) on it a contrast of 2.23:1 in the Default template; WCAG 2.2 AA asks at least 4.5:1. Choose a darker colour.');
    expect(primary.json.fields.value).toMatch(/2\.23:1/);
    const accent = await call(app, 'PUT', `${BASE}/Company/accentColor`, { token: manager, body: { value: '#2f855a' } });
    expect(accent.status).toBe(400);
    expect(accent.json.detail).toMatch(/links in it on the page background \(#f4f9f5\) a contrast of 4\.26:1 in the Evergreen template; WCAG 2\.2 AA asks at least 4\.5:1/);
    expect(await snapshot()).toEqual(before);
    expect((await homeLook()).themeOverrides).toEqual({});
  });

  it('saves a passing pair, which every page of the association then shows', async () => {
    for (const [key, value] of [['primaryColor', '#0B5CAD'], ['accentColor', '#1b7042'], ['favicon', '/brand/maplegrove-logo.svg']]) {
      const saved = await call(app, 'PUT', `${BASE}/Associations/${maple}/${key}`, { token: manager, body: { value } });
      expect(saved.status, key).toBe(200);
    }
    const overrides = { 'colors.brand.solid': '#0b5cad', 'colors.brand.focusRing': '#0b5cad', 'colors.brand.fg': '#1b7042' };
    expect(await homeLook()).toMatchObject({ themeOverrides: overrides, faviconUrl: '/brand/maplegrove-logo.svg' });
    const guest = await call(app, 'GET', '/api/guest-pay/configuration?associationCode=maplegrove');
    expect(guest.json.association).toMatchObject({ themeOverrides: overrides, faviconUrl: '/brand/maplegrove-logo.svg' });
    const visitor = await call(app, 'GET', '/api/associations/associations?code=maplegrove');
    expect(visitor.json).toMatchObject({ designTemplate: 'Evergreen', themeOverrides: overrides, faviconUrl: '/brand/maplegrove-logo.svg' });

    // Pages rendered ahead of time arrive in the look: theme, colours on the root element, favicon.
    for (const url of ['/paynow?association=maplegrove', '/public?association=maplegrove', '/login?association=maplegrove']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('style="--chakra-colors-brand-solid: #0b5cad; --chakra-colors-brand-focus-ring: #0b5cad; --chakra-colors-brand-fg: #1b7042"');
      expect(page.body, url).toContain('data-theme-overrides="{&#34;colors.brand.solid&#34;:&#34;#0b5cad&#34;');
      expect(page.body, url).toContain('data-theme-name="Evergreen"');
      expect(page.body, url).toContain('<link rel="icon" href="/brand/maplegrove-logo.svg">');
      expect(page.body, url).not.toContain('data:,');
    }
    // Another association keeps its own look; an address naming none, the page as built.
    expect((await app.inject({ method: 'GET', url: '/paynow?association=cedarpoint' })).body).not.toContain('--chakra-colors-brand');
    expect((await app.inject({ method: 'GET', url: '/paynow' })).body).toBe(PAGE);

    // A company's colour reaches an association in the default theme too (named, so its session starts with it).
    await call(app, 'DELETE', `${BASE}/Associations/${maple}/primaryColor`, { token: manager });
    await call(app, 'PUT', `${BASE}/Company/primaryColor`, { token: manager, body: { value: '#9a3412' } });
    expect((await homeLook()).themeOverrides['colors.brand.solid']).toBe('#9a3412');
    const plain = await app.inject({ method: 'GET', url: '/paynow?association=demoville' });
    expect(plain.body).toContain('data-theme-name="Default"');
    expect(plain.body).toContain('--chakra-colors-brand-solid: #9a3412');
    for (const key of ['accentColor', 'favicon']) await call(app, 'DELETE', `${BASE}/Associations/${maple}/${key}`, { token: manager });
    await call(app, 'DELETE', `${BASE}/Company/primaryColor`, { token: manager });
    expect(await homeLook()).toMatchObject({ themeOverrides: {}, faviconUrl: null });
  });

  it('previews a draft colour or template over the saved look without saving it, and shows the look as saved for a draft the key refuses', async () => {
    const before = await snapshot();
    await call(app, 'PUT', `${BASE}/Associations/${maple}/primaryColor`, { token: manager, body: { value: '#0b5cad' } });
    const preview = async (query: string) => app.inject({ method: 'GET', url: `/look-preview/dashboard?${query}` });

    // Maple Grove's look (Evergreen, its primary colour) with the accent being typed over it; nothing runs in it.
    const accent = await preview(`association=${maple}&key=accentColor&value=${encodeURIComponent('#1b7042')}`);
    expect(accent.statusCode).toBe(200);
    expect(accent.headers['cache-control']).toBe('no-store');
    expect(accent.body).toContain('data-theme-name="Evergreen"');
    expect(accent.body).toContain('style="--chakra-colors-brand-solid: #0b5cad; --chakra-colors-brand-focus-ring: #0b5cad; --chakra-colors-brand-fg: #1b7042"');
    expect(accent.body).toContain('<main>Sign in</main>');
    expect(accent.body).not.toMatch(/<script|modulepreload/);
    // A template typed over it; an emptied colour is the template's own.
    const template = await preview(`association=${maple}&key=designTemplate&value=Default&company=`);
    expect(template.body).not.toContain('data-theme-name');
    const emptied = await preview(`association=${maple}&key=primaryColor&value=`);
    expect(emptied.body).not.toContain('--chakra-colors-brand-solid');
    // A draft the key refuses (no colour, no template of themes/), or a key that is no look: the look as saved.
    for (const query of [`key=accentColor&value=blue`, `key=designTemplate&value=Nowhere`, `key=privacyPolicyUrl&value=${encodeURIComponent('#000000')}`]) {
      const res = await preview(`association=${maple}&${query}`);
      expect(res.body, query).toContain('--chakra-colors-brand-solid: #0b5cad; --chakra-colors-brand-focus-ring: #0b5cad"');
      expect(res.body, query).not.toContain('brand-fg');
    }
    // The company's look by its code; neither: the site's defaults with the draft.
    expect((await preview('company=summit&key=accentColor&value=%23123456')).body).toContain('--chakra-colors-brand-fg: #123456');
    const site = await preview('key=accentColor&value=%23123456');
    expect(site.body).toContain('--chakra-colors-brand-fg: #123456');
    expect(site.body).not.toContain('brand-solid');
    // A parameter given twice is no value: the look as saved, never an error.
    const twice = await preview(`association=${maple}&association=1&company=summit&company=x&key=accentColor&key=primaryColor&value=%23123456&value=%23654321`);
    expect(twice.statusCode).toBe(200);
    expect(twice.body).not.toContain('#123456');
    // Only the pages a preview shows; nothing was saved by looking.
    expect((await app.inject({ method: 'GET', url: '/look-preview/billing' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/look-preview/public' })).statusCode).toBe(404);
    await call(app, 'DELETE', `${BASE}/Associations/${maple}/primaryColor`, { token: manager });
    expect((await snapshot()).settings).toEqual(before.settings);
  });

  it("answers another company's admin 404 for Summit's association's brand, changing nothing", async () => {
    const before = await snapshot();
    for (const [key, value] of [['primaryColor', '#0b5cad'], ['accentColor', '#7fb2e5'], ['favicon', '/x.svg']]) {
      const res = await call(app, 'PUT', `${BASE}/Associations/${maple}/${key}`, { token: lakeside, body: { value } });
      expect(res.status, key).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a non-image named .png, an image over 2 MB and no file, keeping nothing', async () => {
    const before = await snapshot();
    const count = await images();
    const text = await upload(`${BASE}/Associations/${maple}/logo/Image`, manager, { filename: 'logo.png', bytes: Buffer.from('not a picture at all\n') });
    expect(text.status).toBe(415);
    expect(text.json.errorCode).toBe('IMG001');
    const pdf = await upload(`${BASE}/Associations/${maple}/logo/Image`, manager, { filename: 'logo.png', bytes: Buffer.from('%PDF-1.4\n%\xe2\xe3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF') });
    expect(pdf.status).toBe(415);
    const large = Buffer.concat([SAMPLES.png, Buffer.alloc(2 * 1024 * 1024)]);
    const big = await upload(`${BASE}/Associations/${maple}/banner/Image`, manager, { filename: 'banner.png', bytes: large });
    expect(big.status).toBe(413);
    expect(big.json.errorCode).toBe('IMG002');
    expect((await upload(`${BASE}/Associations/${maple}/favicon/Image`, manager)).status).toBe(400);
    // Not a key that takes an image.
    expect((await upload(`${BASE}/Associations/${maple}/primaryColor/Image`, manager, { filename: 'a.png', bytes: SAMPLES.png })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
    expect(await images()).toBe(count);
  });

  it('keeps a real PNG, sets the key to the address it is served at, and serves it to anyone', async () => {
    const res = await upload(`${BASE}/Associations/${maple}/logo/Image`, manager, { filename: 'maple.png', bytes: SAMPLES.png });
    expect(res.status).toBe(200);
    const logo = res.json.settings.find((s: { key: string }) => s.key === 'logo');
    expect(logo).toMatchObject({ source: 'association', value: expect.stringMatching(/^\/uploads\/brand\/[0-9a-f]{64}\.png$/) });
    const served = await app.inject({ method: 'GET', url: logo.value });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toMatch(/immutable/);
    expect(Buffer.compare(served.rawPayload, SAMPLES.png)).toBe(0);
    // The residents', guests' and visitors' pages show it.
    expect((await call(app, 'GET', '/api/users/HomeSettings', { token: homeowner })).json.userSettings.associations.find((a: { id: number }) => a.id === maple).logoUrl).toBe(logo.value);
    expect((await call(app, 'GET', '/api/guest-pay/configuration?associationCode=maplegrove')).json.association.logoUrl).toBe(logo.value);
    expect((await call(app, 'GET', '/api/associations/associations?code=maplegrove')).json.logoUrl).toBe(logo.value);
    // The same image again keeps one copy; a wrong extension or another name is nothing.
    await upload(`${BASE}/Associations/${maple}/logo/Image`, manager, { filename: 'maple.png', bytes: SAMPLES.png });
    expect(Number((await db().query<{ n: number }>('SELECT count(*)::int AS n FROM brand_images WHERE association_id = $1', [maple])).rows[0].n)).toBe(1);
    expect((await app.inject({ method: 'GET', url: logo.value.replace('.png', '.gif') })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/uploads/brand/${'0'.repeat(64)}.png` })).statusCode).toBe(404);
    await call(app, 'DELETE', `${BASE}/Associations/${maple}/logo`, { token: manager });
  });

  it("answers another company's admin 404 for Summit's association's images, and staff 403, keeping nothing", async () => {
    const before = await snapshot();
    const count = await images();
    expect((await upload(`${BASE}/Associations/${maple}/logo/Image`, lakeside, { filename: 'x.png', bytes: SAMPLES.png })).status).toBe(404);
    const staff = (await signIn(app, DEMO.staff)).token;
    expect((await upload(`${BASE}/Associations/${maple}/logo/Image`, staff, { filename: 'x.png', bytes: SAMPLES.png })).status).toBe(404);
    expect((await upload(`${BASE}/Company/logo/Image`, staff, { filename: 'x.png', bytes: SAMPLES.png })).status).toBe(403);
    expect(await snapshot()).toEqual(before);
    expect(await images()).toBe(count);
  });
});
