// Portal settings at three levels (server/settings/, openapi/settings.yaml): global <- company <-
// association with provenance, company locks, who may read and change them, refusals that change
// nothing, the audit trail (append-only in the database), a second instance catching up, and the
// footer links a homeowner's getHomeSettings answers. PGlite and PostgreSQL.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, signIn, testApp, useTestDatabase } from './helpers.ts';
import { associationId } from './billing-helpers.ts';
import { loadSettingsSchema } from '../../server/settings/schema.ts';

const BASE = '/api/settings';

interface Setting {
  key: string;
  value: unknown;
  source: string;
  lockedBy: string | null;
  editable: boolean;
  companyLocked: boolean;
  ownValue?: unknown;
}
const find = (body: { settings: Setting[] }, key: string): Setting => body.settings.find((s) => s.key === key)!;

describe('the settings schema', () => {
  it('declares every key with a default that fits it', () => {
    const schema = loadSettingsSchema();
    for (const key of ['designTemplate', 'logo', 'banner', 'favicon', 'primaryColor', 'accentColor', 'cardPayments', 'bankPayments', 'autoDraftType',
      'recurringPayments', 'directory', 'calendarReservations', 'documents', 'messages', 'requests', 'myCA', 'singleSignOn', 'pageDashboard', 'pageLogin',
      'pageForgotLogin', 'pageProfile', 'privacyPolicyUrl', 'termsOfServiceUrl', 'reportProblemUrl', 'embeddingOrigins', 'nativeAppReturnUrl', 'pmbEnabled']) {
      expect(schema.byKey.has(key), key).toBe(true);
    }
    for (const k of schema.keys) expect(k.validate(k.default), k.key).toBe(true);
    expect(schema.byKey.get('pmbEnabled')).toMatchObject({ readOnly: true, lockedGlobally: true });
    // The setting is the one list: site.yaml no longer holds one.
    const site = parse(readFileSync(new URL('../../schemas/site.yaml', import.meta.url), 'utf8')) as Record<string, unknown>;
    expect(site).not.toHaveProperty('businessManagementCustomers');
    expect(schema.byKey.get('pmbEnabled')!.default).toEqual(['summit', 'lakeside', 'harborview', 'oakridge', 'pinecrest']);
    for (const page of ['pageDashboard', 'pageLogin', 'pageForgotLogin', 'pageProfile']) {
      expect(schema.byKey.get(page)!.readOnly).toBe(true);
      expect(schema.byKey.get(page)!.validate(false)).toBe(false);
    }
  });
});

describe.each(BACKENDS)('portal settings on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  let other: FastifyInstance;
  let maple: number;
  let manager: string;
  let staff: string;
  let lakeside: string;
  let homeowner: string;
  const db = () => database.current.db;
  const count = async (table: string) => Number((await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n);
  const snapshot = async () => ({
    settings: (await db().query('SELECT management_company_id, association_id, key, value, locked FROM portal_settings ORDER BY id')).rows,
    audit: await count('audit_entries'),
  });

  beforeAll(async () => {
    app = await testApp(db(), { settingsRefreshMs: 400 });
    other = await testApp(db(), { settingsRefreshMs: 400 });
    maple = await associationId(db(), 'maplegrove');
    manager = (await signIn(app, DEMO.manager)).token;
    staff = (await signIn(app, DEMO.staff)).token;
    lakeside = (await signIn(app, DEMO.lakesideAdmin)).token;
    homeowner = (await signIn(app, DEMO.homeowner)).token;
  });
  afterAll(async () => {
    await app?.close();
    await other?.close();
  });

  it('answers each key with its effective value and where it comes from', async () => {
    const company = await call(app, 'GET', `${BASE}/Company`, { token: manager });
    expect(company.status).toBe(200);
    expect(company.json).toMatchObject({ level: 'company', company: { code: 'summit' }, association: null, canEdit: true });
    expect(find(company.json, 'privacyPolicyUrl')).toMatchObject({ value: null, source: 'global', lockedBy: null, editable: true });
    expect(find(company.json, 'reportProblemUrl')).toMatchObject({ source: 'company', value: 'mailto:portal-support@summit-management.example?subject=Portal%20problem' });
    expect(find(company.json, 'pmbEnabled')).toMatchObject({ source: 'global', lockedBy: 'global', editable: false });
    const association = await call(app, 'GET', `${BASE}/Associations/${maple}`, { token: manager });
    expect(association.status).toBe(200);
    expect(association.json).toMatchObject({ level: 'association', association: { id: maple, code: 'maplegrove' } });
    expect(find(association.json, 'reportProblemUrl')).toMatchObject({ source: 'company', lockedBy: null, editable: true });
  });

  it('merges global <- company <- association, and a company lock beats the association until lifted', async () => {
    const url = 'https://summit.example/privacy';
    const mapleUrl = 'https://maplegrove.example/privacy';
    expect((await call(app, 'PUT', `${BASE}/Company/privacyPolicyUrl`, { token: manager, body: { value: url } })).status).toBe(200);
    const set = await call(app, 'PUT', `${BASE}/Associations/${maple}/privacyPolicyUrl`, { token: manager, body: { value: mapleUrl } });
    expect(set.status).toBe(200);
    expect(find(set.json, 'privacyPolicyUrl')).toMatchObject({ value: mapleUrl, source: 'association', lockedBy: null, ownValue: mapleUrl });

    const locked = await call(app, 'PUT', `${BASE}/Company/privacyPolicyUrl`, { token: manager, body: { value: url, locked: true } });
    expect(find(locked.json, 'privacyPolicyUrl')).toMatchObject({ value: url, source: 'company', companyLocked: true });
    const seen = await call(app, 'GET', `${BASE}/Associations/${maple}`, { token: manager });
    expect(find(seen.json, 'privacyPolicyUrl')).toMatchObject({ value: url, source: 'company', lockedBy: 'company', editable: false, ownValue: mapleUrl });

    // The association cannot change a locked key, nor return it to inherited; nothing changes.
    const before = await snapshot();
    const refused = await call(app, 'PUT', `${BASE}/Associations/${maple}/privacyPolicyUrl`, { token: manager, body: { value: 'https://x.example/' } });
    expect(refused.status).toBe(409);
    expect(refused.json.errorCode).toBe('SET002');
    expect((await call(app, 'DELETE', `${BASE}/Associations/${maple}/privacyPolicyUrl`, { token: manager })).status).toBe(409);
    expect(await snapshot()).toEqual(before);

    // Lifting the lock restores the association's own value.
    await call(app, 'PUT', `${BASE}/Company/privacyPolicyUrl`, { token: manager, body: { value: url, locked: false } });
    const restored = await call(app, 'GET', `${BASE}/Associations/${maple}`, { token: manager });
    expect(find(restored.json, 'privacyPolicyUrl')).toMatchObject({ value: mapleUrl, source: 'association', lockedBy: null });

    // Returning each level to inherited: company's, then global.
    const cleared = await call(app, 'DELETE', `${BASE}/Associations/${maple}/privacyPolicyUrl`, { token: manager });
    expect(find(cleared.json, 'privacyPolicyUrl')).toMatchObject({ value: url, source: 'company' });
    expect(find(cleared.json, 'privacyPolicyUrl').ownValue).toBeUndefined();
    await call(app, 'DELETE', `${BASE}/Company/privacyPolicyUrl`, { token: manager });
    const global = await call(app, 'GET', `${BASE}/Associations/${maple}`, { token: manager });
    expect(find(global.json, 'privacyPolicyUrl')).toMatchObject({ value: null, source: 'global' });
  });

  it('records each change with who, when and from where', async () => {
    const before = await count('audit_entries');
    await call(app, 'PUT', `${BASE}/Associations/${maple}/primaryColor`, { token: manager, body: { value: '#123456' }, ip: '203.0.113.7' });
    const { rows } = await db().query<Record<string, unknown>>(
      `SELECT e.kind, e.key, e.level, e.old_value, e.new_value, e.ip, e.association_id, u.email, e.at FROM audit_entries e JOIN users u ON u.id = e.actor_user_id ORDER BY e.id DESC LIMIT 1`,
    );
    expect(await count('audit_entries')).toBe(before + 1);
    expect(rows[0]).toMatchObject({ kind: 'setting.set', key: 'primaryColor', level: 'association', old_value: null, new_value: '#123456', ip: '203.0.113.7', email: DEMO.manager.email });
    expect(Number(rows[0].association_id)).toBe(maple);
    expect(rows[0].at).toBeTruthy();
    // A lock is recorded too.
    await call(app, 'PUT', `${BASE}/Company/accentColor`, { token: manager, body: { value: '#654321', locked: true } });
    const kinds = (await db().query<{ kind: string }>(`SELECT kind FROM audit_entries WHERE key = 'accentColor' ORDER BY id`)).rows.map((r) => r.kind);
    expect(kinds).toEqual(['setting.set', 'setting.lock']);
  });

  it('the database refuses UPDATE and DELETE on the audit trail', async () => {
    expect(await count('audit_entries')).toBeGreaterThan(0);
    await expect(db().query(`UPDATE audit_entries SET ip = 'x'`)).rejects.toThrow(/append-only/);
    await expect(db().query(`DELETE FROM audit_entries`)).rejects.toThrow(/append-only/);
    expect((await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_entries WHERE ip = 'x'`)).rows[0].n).toBe(0);
  });

  it('refuses an invalid value, a read-only key and an unknown key, changing nothing', async () => {
    const before = await snapshot();
    const invalid = await call(app, 'PUT', `${BASE}/Company/privacyPolicyUrl`, { token: manager, body: { value: 'not a link' } });
    expect(invalid.status).toBe(400);
    expect(invalid.json.errorCode).toBe('SET001');
    expect(invalid.json.detail).toMatch(/privacyPolicyUrl/);
    expect((await call(app, 'PUT', `${BASE}/Associations/${maple}/autoDraftType`, { token: manager, body: { value: 'sometimes' } })).status).toBe(400);
    expect((await call(app, 'PUT', `${BASE}/Company/pageDashboard`, { token: manager, body: { value: false } })).json.errorCode).toBe('SET003');
    expect((await call(app, 'PUT', `${BASE}/Company/pmbEnabled`, { token: manager, body: { value: ['all'] } })).status).toBe(403);
    expect((await call(app, 'PUT', `${BASE}/Company/noSuchKey`, { token: manager, body: { value: 1 } })).status).toBe(404);
    expect((await call(app, 'PUT', `${BASE}/Associations/${maple}/logo`, { token: manager, body: { value: '/x.svg', locked: true } })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('lets staff read but not write', async () => {
    const read = await call(app, 'GET', `${BASE}/Associations/${maple}`, { token: staff });
    expect(read.status).toBe(200);
    expect(read.json.canEdit).toBe(false);
    expect(read.json.settings.every((s: Setting) => !s.editable)).toBe(true);
    expect((await call(app, 'GET', `${BASE}/Company`, { token: staff })).status).toBe(200);
    const before = await snapshot();
    expect((await call(app, 'PUT', `${BASE}/Company/logo`, { token: staff, body: { value: '/x.svg' } })).status).toBe(403);
    expect((await call(app, 'DELETE', `${BASE}/Company/reportProblemUrl`, { token: staff })).status).toBe(403);
    expect((await call(app, 'PUT', `${BASE}/Associations/${maple}/logo`, { token: staff, body: { value: '/x.svg' } })).status).toBe(404);
    expect(await snapshot()).toEqual(before);
    // Homeowners have no console settings.
    expect((await call(app, 'GET', `${BASE}/Company`, { token: homeowner })).status).toBe(403);
    expect((await call(app, 'GET', `${BASE}/Associations/${maple}`, { token: homeowner })).status).toBe(404);
  });

  it("answers another company's admin 404 for Summit's association, changing nothing", async () => {
    const before = await snapshot();
    const read = await call(app, 'GET', `${BASE}/Associations/${maple}`, { token: lakeside });
    expect(read.status).toBe(404);
    expect(read.json.errorCode).toBe('GP001');
    expect((await call(app, 'PUT', `${BASE}/Associations/${maple}/logo`, { token: lakeside, body: { value: '/x.svg' } })).status).toBe(404);
    expect((await call(app, 'DELETE', `${BASE}/Associations/${maple}/primaryColor`, { token: lakeside })).status).toBe(404);
    expect(await snapshot()).toEqual(before);
    // Their own company is theirs: Lakeside's links.
    const own = await call(app, 'GET', `${BASE}/Company`, { token: lakeside });
    expect(own.json.company.code).toBe('lakeside');
    expect(find(own.json, 'privacyPolicyUrl')).toMatchObject({ value: 'https://lakeside-management.example/privacy', source: 'company' });
  });

  it("a company-level change of the privacy link shows in a homeowner's next getHomeSettings, on a second instance within the refresh period", async () => {
    const home = async (instance: FastifyInstance) => (await call(instance, 'GET', '/api/users/HomeSettings', { token: homeowner })).json.configuration.company;
    expect((await home(app)).privacyPolicyUrl).toBeUndefined();
    expect((await home(other)).privacyPolicyUrl).toBeUndefined(); // the second instance holds its copy now
    await call(app, 'PUT', `${BASE}/Company/privacyPolicyUrl`, { token: manager, body: { value: 'https://summit.example/privacy-2026' } });
    expect((await home(app)).privacyPolicyUrl).toBe('https://summit.example/privacy-2026');
    const started = Date.now();
    let seen: unknown;
    while (Date.now() - started < 5_000) {
      seen = (await home(other)).privacyPolicyUrl;
      if (seen) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen).toBe('https://summit.example/privacy-2026');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("the company's app link shows in a homeowner's getHomeSettings; an address that is not an app link is refused", async () => {
    const home = async () => (await call(app, 'GET', '/api/users/HomeSettings', { token: homeowner })).json.configuration.company;
    expect((await home()).nativeAppReturnUrl).toBeUndefined();
    for (const value of ['javascript:alert(1)', 'javascript://x%0Aalert(1)', 'data://text/html,x', 'SummitApp://x', 'summitapp://signed in', `summitapp://${'x'.repeat(500)}`, '/signed-in']) {
      const refused = await call(app, 'PUT', `${BASE}/Company/nativeAppReturnUrl`, { token: manager, body: { value } });
      expect(refused.status, value).toBe(400);
      expect(refused.json.errorCode, value).toBe('SET001');
    }
    expect((await call(app, 'PUT', `${BASE}/Company/nativeAppReturnUrl`, { token: manager, body: { value: 'summitapp://signed-in' } })).status).toBe(200);
    expect((await home()).nativeAppReturnUrl).toBe('summitapp://signed-in');
    expect(find((await call(app, 'GET', `${BASE}/Company`, { token: manager })).json, 'nativeAppReturnUrl')).toMatchObject({ value: 'summitapp://signed-in', source: 'company' });
    await call(app, 'DELETE', `${BASE}/Company/nativeAppReturnUrl`, { token: manager });
    expect((await home()).nativeAppReturnUrl).toBeUndefined();
  });

  it('the design template a company sets shows in getHomeSettings and the console; the association column stands for the global level', async () => {
    const template = async () => (await call(app, 'GET', '/api/users/HomeSettings', { token: homeowner })).json.userSettings.associations.find((a: { id: number }) => a.id === maple).designTemplate;
    // The console shows the same: the association's own template as its global level.
    const consoleRow = async () => (await call(app, 'GET', `${BASE}/Associations/${maple}`, { token: manager })).json.settings
      .find((row: { key: string }) => row.key === 'designTemplate') as { value: unknown; valueText: string; source: string };
    expect(await template()).toBe('Evergreen');
    expect(await consoleRow()).toMatchObject({ value: 'Evergreen', valueText: 'Evergreen', source: 'global' });
    await call(app, 'PUT', `${BASE}/Associations/${maple}/designTemplate`, { token: manager, body: { value: 'Harbor' } });
    expect(await template()).toBe('Harbor');
    expect(await consoleRow()).toMatchObject({ value: 'Harbor', source: 'association' });
    await call(app, 'DELETE', `${BASE}/Associations/${maple}/designTemplate`, { token: manager });
    expect(await template()).toBe('Evergreen');
    expect(await consoleRow()).toMatchObject({ value: 'Evergreen', source: 'global' });
    // The company's own settings keep the site's default.
    const companyRow = (await call(app, 'GET', `${BASE}/Company`, { token: manager })).json.settings.find((row: { key: string }) => row.key === 'designTemplate');
    expect(companyRow).toMatchObject({ value: 'Default', source: 'global' });
  });
});

// With REDIS_URL, a change reaches the other instances at once: their copies would otherwise be
// kept for a minute here.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
describe.skipIf(Boolean(process.env.SKIP_REDIS_TESTS))('portal settings across instances through Redis', () => {
  const database = useTestDatabase('pglite');
  let app: FastifyInstance;
  let other: FastifyInstance;

  beforeAll(async () => {
    app = await testApp(database.current.db, { redisUrl: REDIS_URL, settingsRefreshMs: 60_000 });
    other = await testApp(database.current.db, { redisUrl: REDIS_URL, settingsRefreshMs: 60_000 });
  });
  afterAll(async () => {
    await app?.close();
    await other?.close();
  });

  it('another instance sees a change at once', async () => {
    const manager = (await signIn(app, DEMO.manager)).token;
    const read = async () => find((await call(other, 'GET', `${BASE}/Company`, { token: manager })).json, 'accentColor').value;
    expect(await read()).toBeNull();
    expect((await call(app, 'PUT', `${BASE}/Company/accentColor`, { token: manager, body: { value: '#1b7042' } })).status).toBe(200);
    const started = Date.now();
    let seen: unknown = null;
    while (Date.now() - started < 2_000 && seen !== '#1b7042') {
      seen = await read();
      if (seen !== '#1b7042') await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen).toBe('#1b7042');
  });
});
