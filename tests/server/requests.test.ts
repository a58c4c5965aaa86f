// Homeowner requests (openapi/action-items.yaml) on the demo data: the lists and the 36-month
// filter, the new-request options, general, architectural and reservation requests, reservations
// refused when the slot is taken (also two at once: exactly one wins), bad input refused with
// nothing written, replies (management's e-mailed to the homeowner) and refusals of someone
// else's request (404, nothing changed). PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, createTestClock, expectErrorShape, signIn, TEST_PUBLIC_URL, testApp, useTestDatabase } from './helpers.ts';
import { databaseFingerprint } from './authz-helpers.ts';
import { associationId } from './billing-helpers.ts';
import { caller, mailTo, otherCompanyManager } from './community-helpers.ts';

type Caller = ReturnType<typeof caller>;
interface Summary {
  id: number;
  kind: string;
  subject: string;
  status: string;
  accountNumber: string;
  replyCount: number;
  reservation?: { area: string; status: string; start: string; end: string };
}

const NOW = new Date('2026-03-02T15:00:00Z');
const at = (hoursFromNow: number) => new Date(NOW.getTime() + hoursFromNow * 3600_000).toISOString();

describe.each(BACKENDS)('homeowner requests on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock(NOW);
  let app: FastifyInstance;
  let home: Caller;
  let paid: Caller;
  let board: Caller;
  let manager: Caller;
  let stranger: Caller;
  let areas: Record<string, number>;
  const db = () => database.current.db;
  const list = async (who: Caller, query = ''): Promise<Summary[]> => {
    const res = await who.get(`/HomeownerRequests${query}`);
    expect(res.status, res.body).toBe(200);
    return res.json.requests;
  };
  const reserve = (who: Caller, area: string, start: string, end: string, accountNumber = '100234') =>
    who.post('/HomeownerRequests', { accountNumber, kind: 'reservation', subject: 'Party', description: 'A party.', reservation: { commonAreaId: areas[area], start, end } });

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now });
    const northwind = await otherCompanyManager(db());
    home = caller(app, (await signIn(app, DEMO.homeowner)).token, '/api/action-items');
    paid = caller(app, (await signIn(app, DEMO.paid)).token, '/api/action-items');
    board = caller(app, (await signIn(app, DEMO.board)).token, '/api/action-items');
    manager = caller(app, (await signIn(app, DEMO.manager)).token, '/api/action-items');
    stranger = caller(app, (await signIn(app, northwind)).token, '/api/action-items');
    const options = await home.get('/HomeownerRequests/Options?accountNumber=100234');
    expect(options.status, options.body).toBe(200);
    areas = Object.fromEntries(options.json.commonAreas.map((a: { id: number; name: string }) => [a.name, a.id]));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('offers the kinds, the common areas of the account’s association and the architectural types', async () => {
    expect(Object.keys(areas)).toEqual(['Clubhouse', 'Pool Pavilion', 'Tennis Court']);
    const cedar = await home.get('/HomeownerRequests/Options?accountNumber=200411');
    expect(cedar.json).toMatchObject({ kinds: ['general', 'architectural', 'reservation'], commonAreas: [] });
    expect(cedar.json.architecturalTypes).toContainEqual({ id: 'fence', name: 'Fence' });
    expectErrorShape(await home.get('/HomeownerRequests/Options?accountNumber=100235'), 404, 'GP002');
  });

  it('lists the last 36 months by default, the last 30 days, and everything with period=all, newest first', async () => {
    const recent = await list(home);
    expect(recent.map((r) => r.subject)).toEqual([
      'Birthday party',
      'Replace backyard fence',
      'Streetlight out on Maple Grove Lane',
      'Family reunion',
      'Loose balcony railing',
      'Tennis lesson',
      'Repaint front door',
      'Speed bump on Oak Court',
    ]);
    expect(recent).toEqual(await list(home, '?period=last36Months'));
    // The dashboard's recent requests and reservations: the last 30 days.
    expect((await list(home, '?period=last30Days')).map((r) => r.subject)).toEqual(recent.slice(0, 4).map((r) => r.subject));
    const all = await list(home, '?period=all');
    expect(all.map((r) => r.subject)).toEqual([...recent.map((r) => r.subject), 'Dog park proposal']);
    expect(all.at(-1)).toMatchObject({ status: 'closed', replyCount: 1 });
    const cedar = await list(home, `?associationId=${await associationId(db(), 'cedarpoint')}`);
    expect(cedar.map((r) => r.accountNumber)).toEqual(['200411']);
    expect(recent.find((r) => r.subject === 'Birthday party')).toMatchObject({ status: 'tentative', reservation: { area: 'Clubhouse', status: 'tentative' } });
    expect(recent.find((r) => r.subject === 'Family reunion')).toMatchObject({ status: 'confirmed', reservation: { area: 'Pool Pavilion', status: 'confirmed' } });
    expectErrorShape(await home.get('/HomeownerRequests?period=lastYear'), 400, 'VAL001');
  });

  it("shows management every request of its associations, and others only their own", async () => {
    const all = await list(manager, '?period=all');
    expect(all.map((r) => r.subject)).toContain('Tennis doubles');
    // Ten of server/demo/community.ts, two of server/demo/calendar.ts (autopay@example.com's reservations)
    // and five residents' architectural requests of server/demo/arc-review.ts.
    expect(all).toHaveLength(17);
    expect((await list(paid)).map((r) => r.subject)).toEqual(['Tennis doubles']);
    expect(await list(board)).toEqual([]);
    expect(await list(stranger)).toEqual([]);
    expectErrorShape(await stranger.get(`/HomeownerRequests?associationId=${await associationId(db(), 'maplegrove')}`), 404, 'GP001');
  });

  it('submits a general request and an architectural one with its type, step and due date', async () => {
    const general = await home.post('/HomeownerRequests', { accountNumber: '100234', kind: 'general', subject: ' Pothole ', description: 'A pothole by the entrance.' });
    expect(general.status, general.body).toBe(201);
    expect(general.json).toMatchObject({ kind: 'general', subject: 'Pothole', status: 'open', accountNumber: '100234', associationName: 'Maple Grove HOA', replies: [], replyCount: 0, lastReplyAt: null });
    expect(general.json.address).toBe('412 Maple Grove Lane, Atlanta, GA 30301');
    expect(general.json.architectural).toBeUndefined();
    const arc = await home.post('/HomeownerRequests', {
      accountNumber: '100234', kind: 'architectural', subject: 'Solar panels', description: 'Twelve panels on the south roof.', architecturalType: 'solar',
    });
    expect(arc.status, arc.body).toBe(201);
    expect(arc.json).toMatchObject({ status: 'open', architectural: { type: 'solar', step: 'submitted', dueDate: '2026-04-01' } });
    expect((await list(home))[0].id).toBe(arc.json.id);
  });

  it('refuses bad input with nothing written', async () => {
    const before = await databaseFingerprint(db());
    const base = { accountNumber: '100234', kind: 'general', subject: 'Hello', description: 'Something.' };
    expectErrorShape(await home.post('/HomeownerRequests', { ...base, kind: 'complaint' }), 400, 'VAL001');
    const subject = await home.post('/HomeownerRequests', { ...base, subject: '  ' });
    expectErrorShape(subject, 400, 'HRQ001');
    expect(subject.json.detail).toBe('Subject is required.');
    const description = await home.post('/HomeownerRequests', { ...base, description: '' });
    expectErrorShape(description, 400, 'HRQ001');
    expect(description.json.detail).toBe('Description is required.');
    expectErrorShape(await home.post('/HomeownerRequests', { ...base, kind: 'architectural' }), 400, 'HRQ002');
    expectErrorShape(await home.post('/HomeownerRequests', { ...base, architecturalType: 'fence' }), 400, 'HRQ002');
    expectErrorShape(await home.post('/HomeownerRequests', { ...base, kind: 'architectural', architecturalType: 'treehouse' }), 400, 'VAL001');
    expectErrorShape(await home.post('/HomeownerRequests', { ...base, kind: 'reservation' }), 400, 'HRQ002');
    expectErrorShape(await home.post('/HomeownerRequests', { ...base, reservation: { commonAreaId: areas.Clubhouse, start: at(48), end: at(50) } }), 400, 'HRQ002');
    // Another person's account, and one of nobody's.
    expectErrorShape(await home.post('/HomeownerRequests', { ...base, accountNumber: '100235' }), 404, 'GP002');
    expectErrorShape(await home.post('/HomeownerRequests', { ...base, accountNumber: '999999' }), 404, 'GP002');
    expectErrorShape(await manager.post('/HomeownerRequests', base), 404, 'GP002');
    // Reservation times: end before start, in the past, longer than 12 hours; an area of no association of the account's.
    const endBefore = await reserve(home, 'Clubhouse', at(50), at(48));
    expectErrorShape(endBefore, 400, 'HRQ003');
    expect(endBefore.json.detail).toBe('The reservation must end after it starts.');
    expect((await reserve(home, 'Clubhouse', at(-5), at(-3))).json.detail).toBe('The reservation must start in the future.');
    expect((await reserve(home, 'Clubhouse', at(48), at(60.5))).json.detail).toBe('A reservation can last at most 12 hours.');
    expectErrorShape(await reserve(home, 'Clubhouse', at(48), at(50), '200411'), 400, 'HRQ004');
    expect(await databaseFingerprint(db())).toEqual(before);
  });

  it('reserves a common area as tentative and refuses an overlapping slot with 409, writing nothing', async () => {
    const first = await reserve(home, 'Tennis Court', at(96), at(99));
    expect(first.status, first.body).toBe(201);
    expect(first.json).toMatchObject({ kind: 'reservation', status: 'tentative', reservation: { area: 'Tennis Court', status: 'tentative', start: at(96), end: at(99) } });
    const before = await databaseFingerprint(db());
    const overlap = await reserve(paid, 'Tennis Court', at(98), at(100), '100235');
    expectErrorShape(overlap, 409, 'HRQ005');
    expect(overlap.json.detail).toBe('The Tennis Court is already reserved at that time. Choose another time.');
    expectErrorShape(await reserve(home, 'Tennis Court', at(95), at(104)), 409, 'HRQ005');
    expect(await databaseFingerprint(db())).toEqual(before);
    // Back to back is not an overlap; another area at the same time is free.
    expect((await reserve(paid, 'Tennis Court', at(99), at(101), '100235')).status).toBe(201);
    expect((await reserve(paid, 'Clubhouse', at(96), at(99), '100235')).status).toBe(201);
    // A declined reservation frees its slot.
    await db().query(`UPDATE reservations SET status = 'declined', decided_at = now() WHERE request_id = $1`, [first.json.id]);
    expect((await reserve(paid, 'Tennis Court', at(96), at(98), '100235')).status).toBe(201);
  });

  it('stores exactly one of two reservations of the same slot sent at once', async () => {
    for (let round = 0; round < 5; round++) {
      const start = at(200 + round * 10);
      const end = at(202 + round * 10);
      const answers = await Promise.all([reserve(home, 'Pool Pavilion', start, end), reserve(paid, 'Pool Pavilion', start, end, '100235')]);
      expect(answers.map((a) => a.status).sort(), answers.map((a) => a.body).join('\n')).toEqual([201, 409]);
      const { rows } = await db().query<{ n: string | number }>(
        `SELECT count(*) AS n FROM reservations WHERE common_area_id = $1 AND starts_at = $2 AND status IN ('tentative', 'confirmed')`,
        [areas['Pool Pavilion'], start],
      );
      expect(Number(rows[0].n)).toBe(1);
    }
  });

  it("shows a request with its replies and e-mails the homeowner management's reply", async () => {
    const streetlight = (await list(home)).find((r) => r.subject === 'Streetlight out on Maple Grove Lane')!;
    const one = await home.get(`/HomeownerRequests/${streetlight.id}`);
    expect(one.status, one.body).toBe(200);
    expect(one.json.replies).toEqual([expect.objectContaining({ authorName: 'Riley Chen', fromManagement: true })]);
    clock.advance(60_000);
    const reply = await manager.post(`/HomeownerRequests/${streetlight.id}/Reply`, { body: 'The repair crew comes tomorrow.' });
    expect(reply.status, reply.body).toBe(201);
    expect(reply.json).toMatchObject({ replyCount: 2, lastReplyAt: clock.now().toISOString() });
    const mails = await mailTo(db(), 'homeowner@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('Streetlight out on Maple Grove Lane');
    expect(mails[0].text).toContain('The repair crew comes tomorrow.');
    // An absolute link to the request itself, on the portal's public address, selecting its property.
    expect(mails[0].text).toContain(`Read it and answer in the portal: ${TEST_PUBLIC_URL}/community/requests/${streetlight.id}?accountNumber=100234`);
    const own = await home.post(`/HomeownerRequests/${streetlight.id}/Reply`, { body: 'Thank you!' });
    expect(own.status, own.body).toBe(201);
    expect(own.json.replies.at(-1)).toMatchObject({ fromManagement: false, authorName: 'Jordan Rivera' });
    expect(await mailTo(db(), 'homeowner@example.com')).toHaveLength(1);
    expect(await mailTo(db(), 'manager@example.com')).toEqual([]);
  });

  it("answers 'Message is required.' for an empty reply, and 404 for someone else's request, changing nothing", async () => {
    const streetlight = (await list(home)).find((r) => r.subject === 'Streetlight out on Maple Grove Lane')!;
    const before = await databaseFingerprint(db());
    const empty = await home.post(`/HomeownerRequests/${streetlight.id}/Reply`, { body: '  ' });
    expectErrorShape(empty, 400, 'MSG001');
    expect(empty.json.detail).toBe('Message is required.');
    for (const who of [paid, board, stranger]) {
      expectErrorShape(await who.get(`/HomeownerRequests/${streetlight.id}`), 404, 'HRQ404');
      expectErrorShape(await who.post(`/HomeownerRequests/${streetlight.id}/Reply`, { body: 'Hello' }), 404, 'HRQ404');
    }
    expectErrorShape(await home.get('/HomeownerRequests/999999'), 404, 'HRQ404');
    expect(await databaseFingerprint(db())).toEqual(before);
  });
});
