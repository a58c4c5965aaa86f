// The company's audit trail in the console (openapi/management.yaml, /Audit): every settings change,
// lock and staff change with who, when and from where (address and user agent); filtered by
// association, person, kind and days; paged and sorted by the server; exported as CSV with the same
// filters. Admins only; another company's admin never sees a thing of it; the database itself
// refuses to change or remove an entry. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { BACKENDS, DEMO, call, createTestClock, expectErrorShape, signIn, testApp, useTestDatabase } from './helpers.ts';
import { associationId } from './billing-helpers.ts';
import { recordAudit } from '../../server/audit/record.ts';
import { gridCsvStream } from '../../server/board/grid-csv-stream.ts';
import { auditList } from '../../server/management/audit-list.ts';

const BASE = '/api/management';
const BROWSER = 'Mozilla/5.0 (AuditTest) Firefox/140.0';

interface Row {
  id: number;
  at: string;
  association: string | null;
  actorName: string | null;
  actorEmail: string | null;
  kind: string;
  change: string;
  key: string | null;
  level: string | null;
  oldValue: string | null;
  newValue: string | null;
  ip: string | null;
  userAgent: string | null;
}

describe.each(BACKENDS)('the audit trail on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const db = () => database.current.db;
  let maple: number;
  let cedar: number;
  let lakeshore: number;
  let summit: number;
  let managerId: number;
  const as = (who: string, method: 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH', url: string, body?: unknown) =>
    call(app, method, url, { token: tokens[who], body, headers: { 'user-agent': BROWSER }, ip: '203.0.113.7' });
  const audit = async (who: string, query = '') => {
    const res = await as(who, 'GET', `${BASE}/Audit${query}`);
    expect(res.status, res.body).toBe(200);
    return res.json as { rows: Row[]; lastRow: number };
  };

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now });
    for (const who of ['manager', 'staff', 'lakesideAdmin', 'homeowner', 'board'] as const) tokens[who] = (await signIn(app, DEMO[who])).token;
    maple = await associationId(db(), 'maplegrove');
    cedar = await associationId(db(), 'cedarpoint');
    lakeshore = await associationId(db(), 'lakeshore');
    summit = Number((await db().query<{ id: number }>(`SELECT id FROM management_companies WHERE code = 'summit'`)).rows[0].id);
    managerId = Number((await db().query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.manager.email])).rows[0].id);

    // Summit: a company setting locked, a Maple Grove and a Cedar Point setting, a staff change.
    const put = async (who: string, url: string, body: unknown) => expect((await as(who, 'PUT', `/api/settings${url}`, body)).status).toBe(200);
    await put('manager', '/Company/primaryColor', { value: '#1f5f8b', locked: true });
    await put('manager', `/Associations/${maple}/privacyPolicyUrl`, { value: 'https://maple.example/privacy' });
    await put('manager', `/Associations/${cedar}/privacyPolicyUrl`, { value: 'https://cedar.example/privacy' });
    const staffId = Number((await db().query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.staff.email])).rows[0].id);
    expect((await as('manager', 'PATCH', `${BASE}/Staff/${staffId}`, { role: 'admin' })).status).toBe(200);
    expect((await as('manager', 'PATCH', `${BASE}/Staff/${staffId}`, { role: 'staff' })).status).toBe(200);
    // Lakeside: its own setting, which Summit must never see.
    await put('lakesideAdmin', `/Associations/${lakeshore}/privacyPolicyUrl`, { value: 'https://lakeshore.example/privacy' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('records each change with who, when and from where, newest first', async () => {
    const { rows, lastRow } = await audit('manager');
    expect(lastRow).toBe(6);
    expect(rows.map((r) => [r.kind, r.change, r.key, r.association, r.level])).toEqual([
      ['staff', 'staff.role', DEMO.staff.email, null, null],
      ['staff', 'staff.role', DEMO.staff.email, null, null],
      ['setting', 'setting.set', 'privacyPolicyUrl', 'Cedar Point Condominiums', 'association'],
      ['setting', 'setting.set', 'privacyPolicyUrl', 'Maple Grove HOA', 'association'],
      ['lock', 'setting.lock', 'primaryColor', null, 'company'],
      ['setting', 'setting.set', 'primaryColor', null, 'company'],
    ]);
    const lock = rows[4];
    expect(lock).toMatchObject({ actorEmail: DEMO.manager.email, oldValue: 'false', newValue: 'true', ip: '203.0.113.7', userAgent: BROWSER });
    expect(lock.actorName).toMatch(/\S+ \S+/);
    expect(rows[0]).toMatchObject({ oldValue: '"admin"', newValue: '"staff"' });
    expect(Number.isNaN(Date.parse(lock.at))).toBe(false);
  });

  it('filters by association, person, kind and days', async () => {
    expect((await audit('manager', `?associationId=${maple}`)).rows.map((r) => r.key)).toEqual(['privacyPolicyUrl']);
    expect((await audit('manager', '?association=cedar')).rows.map((r) => r.association)).toEqual(['Cedar Point Condominiums']);
    expect((await audit('manager', '?kind=lock')).rows.map((r) => r.change)).toEqual(['setting.lock']);
    expect((await audit('manager', '?kind=staff')).lastRow).toBe(2);
    expect((await audit('manager', '?kind=setting&association=MAPLE')).rows.map((r) => r.newValue)).toEqual(['"https://maple.example/privacy"']);
    expect((await audit('manager', '?kind=board')).lastRow).toBe(0);
    expect((await audit('manager', '?person=MANAGER@example')).lastRow).toBe(6);
    expect((await audit('manager', '?person=nobody-like-this')).lastRow).toBe(0);
    // Days, in New York: entries made today (the database's clock) and one dated last year.
    await recordAudit(db(), { companyId: summit, associationId: maple, actorUserId: managerId, kind: 'page.publish', key: 'pool-rules', level: null, oldValue: null, newValue: { title: 'Pool rules' }, ip: '198.51.100.4' });
    const { rows: today } = await db().query<{ d: string }>(`SELECT to_char((now() AT TIME ZONE 'America/New_York')::date, 'YYYY-MM-DD') AS d`);
    const day = today[0].d;
    expect((await audit('manager', `?from=${day}&to=${day}`)).lastRow).toBe(7);
    expect((await audit('manager', `?to=2020-01-01`)).lastRow).toBe(0);
    expect((await audit('manager', `?from=2999-01-01`)).lastRow).toBe(0);
    expect((await audit('manager', '?kind=page')).rows.map((r) => [r.kind, r.key, r.association])).toEqual([['page', 'pool-rules', 'Maple Grove HOA']]);
  });

  it('pages and sorts on the server, and refuses bad input with a clear message', async () => {
    const first = await audit('manager', '?startRow=0&endRow=2&sort=key:asc,id:asc');
    const second = await audit('manager', '?startRow=2&endRow=4&sort=key:asc,id:asc');
    expect(first.lastRow).toBeGreaterThanOrEqual(6);
    expect(first.rows.map((r) => r.key)).toEqual(['pool-rules', 'primaryColor']);
    expect(second.rows.map((r) => r.key)).toEqual(['primaryColor', 'privacyPolicyUrl']);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(4);
    const filtered = await audit('manager', `?filter=${encodeURIComponent(JSON.stringify({ change: { type: 'equals', filter: 'setting.lock' } }))}`);
    expect(filtered.rows.map((r) => r.key)).toEqual(['primaryColor']);
    expectErrorShape(await as('manager', 'GET', `${BASE}/Audit?sort=password:asc`), 400, 'GRD001');
    expectErrorShape(await as('manager', 'GET', `${BASE}/Audit?startRow=0&endRow=900`), 400, 'GRD003');
    expectErrorShape(await as('manager', 'GET', `${BASE}/Audit?kind=everything`), 400);
    expectErrorShape(await as('manager', 'GET', `${BASE}/Audit?from=2026-02-30`), 400);
    const backwards = await as('manager', 'GET', `${BASE}/Audit?from=2026-03-05&to=2026-03-01`);
    expectErrorShape(backwards, 400, 'AUD001');
    expect((backwards.json as { fields: Record<string, string> }).fields.from).toMatch(/after the last day/);
  });

  it('exports the matching entries as CSV, with the same filters', async () => {
    const res = await as('manager', 'GET', `${BASE}/Audit?format=csv&kind=setting&association=maple&columns=association,actorEmail,change,key,oldValue,newValue,ip,userAgent`);
    expect(res.status, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-summit.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toBe(
      'Association,E-mail,Change,What,Old value,New value,IP address,User agent\r\n' +
        `Maple Grove HOA,${DEMO.manager.email},setting.set,privacyPolicyUrl,,"""https://maple.example/privacy""",203.0.113.7,${BROWSER}\r\n`,
    );
    const all = await as('manager', 'GET', `${BASE}/Audit?format=csv`);
    const records = parse(all.body, { columns: true }) as Record<string, string>[];
    expect(records).toHaveLength((await audit('manager')).lastRow);
    expect(Object.keys(records[0])).toEqual(['Id', 'When', 'Association id', 'Association', 'Association code', 'Changed by', 'E-mail', 'Kind', 'Change', 'What', 'Level', 'Old value', 'New value', 'IP address', 'User agent']);
    expect(records.some((r) => r.Association === 'Lakeshore Village HOA' || r['New value'].includes('lakeshore'))).toBe(false);
    expectErrorShape(await as('manager', 'GET', `${BASE}/Audit?format=csv&columns=nothing`), 400, 'GRD001');
  });

  it('streams a long export a batch at a time, every entry once, in order', async () => {
    const list = auditList(summit, {});
    const read = async (batch: number) => {
      const chunks: Buffer[] = [];
      for await (const chunk of await gridCsvStream(db(), list, { columns: 'id', sort: 'id:asc' }, batch)) chunks.push(Buffer.from(chunk));
      return Buffer.concat(chunks).toString('utf8');
    };
    const whole = await read(1000);
    expect(await read(2)).toBe(whole);
    expect(await read(3)).toBe(whole);
    expect(whole.split('\r\n').filter(Boolean)).toHaveLength(1 + (await audit('manager')).lastRow);
  });

  it("keeps each company's trail to itself", async () => {
    const lakeside = await audit('lakesideAdmin');
    expect(lakeside.rows.map((r) => [r.association, r.newValue])).toEqual([['Lakeshore Village HOA', '"https://lakeshore.example/privacy"']]);
    expectErrorShape(await as('lakesideAdmin', 'GET', `${BASE}/Audit?associationId=${maple}`), 404, 'GP001');
    expectErrorShape(await as('lakesideAdmin', 'GET', `${BASE}/Audit?associationId=${maple}&format=csv`), 404, 'GP001');
    expect((await audit('lakesideAdmin', '?association=maple')).lastRow).toBe(0);
    const csv = await as('lakesideAdmin', 'GET', `${BASE}/Audit?format=csv`);
    expect(csv.body).not.toMatch(/Maple|Cedar|summit|manager@example/i);
    expectErrorShape(await as('manager', 'GET', `${BASE}/Audit?associationId=${lakeshore}`), 404, 'GP001');
    expectErrorShape(await as('manager', 'GET', `${BASE}/Audit?associationId=999999`), 404, 'GP001');
  });

  it('refuses staff, owners, board members and anonymous callers', async () => {
    for (const who of ['staff', 'homeowner', 'board']) {
      expectErrorShape(await as(who, 'GET', `${BASE}/Audit`), 403, 'AUTH003');
      expectErrorShape(await as(who, 'GET', `${BASE}/Audit?format=csv`), 403, 'AUTH003');
    }
    expectErrorShape(await call(app, 'GET', `${BASE}/Audit`), 401);
  });

  it('cannot be changed or removed, even by the database user', async () => {
    const before = (await db().query<{ n: string }>('SELECT count(*) AS n FROM audit_entries')).rows[0].n;
    await expect(db().query(`UPDATE audit_entries SET new_value = '"forged"'::jsonb`)).rejects.toThrow(/append-only/);
    await expect(db().query('DELETE FROM audit_entries')).rejects.toThrow(/append-only/);
    await expect(db().query('TRUNCATE audit_entries')).rejects.toThrow(/append-only/);
    await expect(db().query(`UPDATE audit_entries SET user_agent = 'x' WHERE id = (SELECT max(id) FROM audit_entries)`)).rejects.toThrow(/append-only/);
    expect((await db().query<{ n: string }>('SELECT count(*) AS n FROM audit_entries')).rows[0].n).toBe(before);
    expect(Number((await db().query<{ n: string }>(`SELECT count(*) AS n FROM audit_entries WHERE new_value = '"forged"'::jsonb`)).rows[0].n)).toBe(0);
  });
});
