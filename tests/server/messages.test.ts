// Messages with management (GET/POST /Messages, GET /Messages/{id}, POST /Messages/{id}/Reply) on
// the demo data: the homeowner's threads and unread replies, management's view of every thread of
// the associations their company manages, separate read marks, 'Message is required.', staff
// replies e-mailed to the homeowner, and refusals (another homeowner, a board member, staff of
// another company: 404 with the database unchanged, read marks included). PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, createTestClock, expectErrorShape, signIn, TEST_PUBLIC_URL, testApp, useTestDatabase } from './helpers.ts';
import { databaseFingerprint } from './authz-helpers.ts';
import { associationId } from './billing-helpers.ts';
import { caller, mailTo, otherCompanyManager } from './community-helpers.ts';

type Caller = ReturnType<typeof caller>;
interface Summary {
  id: number;
  subject: string;
  unread: boolean;
  unreadCount: number;
  messageCount: number;
  homeownerName: string;
  lastMessagePreview: string;
  lastMessageAt: string;
}

describe.each(BACKENDS)('messages with management on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let app: FastifyInstance;
  let home: Caller;
  let paid: Caller;
  let board: Caller;
  let manager: Caller;
  let stranger: Caller;
  const db = () => database.current.db;
  const threads = async (who: Caller, query = ''): Promise<Summary[]> => {
    const res = await who.get(`/Messages${query}`);
    expect(res.status, res.body).toBe(200);
    return res.json.threads;
  };
  const bySubject = async (who: Caller, subject: string) => (await threads(who)).find((t) => t.subject === subject)!;

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now });
    const northwind = await otherCompanyManager(db());
    home = caller(app, (await signIn(app, DEMO.homeowner)).token, '/api/users');
    paid = caller(app, (await signIn(app, DEMO.paid)).token, '/api/users');
    board = caller(app, (await signIn(app, DEMO.board)).token, '/api/users');
    manager = caller(app, (await signIn(app, DEMO.manager)).token, '/api/users');
    stranger = caller(app, (await signIn(app, northwind)).token, '/api/users');
  });
  afterAll(async () => {
    await app?.close();
  });

  it("lists the homeowner's threads newest first, two with unread replies from management", async () => {
    const list = await threads(home);
    expect(list.map((t) => t.subject)).toEqual(['Landscaping around the mailbox cluster', 'Pool gate code', 'Guest parking permit']);
    expect(list.map((t) => t.unreadCount)).toEqual([2, 1, 0]);
    expect(list.map((t) => t.unread)).toEqual([true, true, false]);
    expect(list[0]).toMatchObject({ homeownerName: 'Jordan Rivera', messageCount: 3, associationName: 'Maple Grove HOA' });
    expect(list[0].lastMessagePreview).toBe('Update: the crew will also replace the mulch around the cluster while they are there.');
    expect((await threads(home, '?unread=true')).map((t) => t.subject)).toEqual(['Landscaping around the mailbox cluster', 'Pool gate code']);
    expect(await threads(paid)).toEqual([]);
    expect(await threads(board)).toEqual([]);
  });

  it('shows management every thread of the associations their company manages, with its own unread count', async () => {
    const list = await threads(manager);
    expect(list.map((t) => [t.subject, t.homeownerName, t.unreadCount])).toEqual([
      ['Landscaping around the mailbox cluster', 'Jordan Rivera', 0],
      ['Pool gate code', 'Jordan Rivera', 0],
      ['Guest parking permit', 'Jordan Rivera', 1],
    ]);
    expect(await threads(stranger)).toEqual([]);
  });

  it('marks a thread read for the side that opens it only', async () => {
    const pool = await bySubject(home, 'Pool gate code');
    const res = await home.get(`/Messages/${pool.id}`);
    expect(res.status, res.body).toBe(200);
    expect(res.json.messages.map((m: { fromManagement: boolean }) => m.fromManagement)).toEqual([false, true, false, true]);
    expect(res.json.messages[1]).toMatchObject({ authorName: 'Riley Chen', fromManagement: true });
    expect(await bySubject(home, 'Pool gate code')).toMatchObject({ unread: false, unreadCount: 0 });
    expect((await bySubject(manager, 'Guest parking permit')).unreadCount).toBe(1);
    const parking = await bySubject(manager, 'Guest parking permit');
    expect((await manager.get(`/Messages/${parking.id}`)).status).toBe(200);
    expect((await bySubject(manager, 'Guest parking permit')).unreadCount).toBe(0);
    expect((await bySubject(home, 'Landscaping around the mailbox cluster')).unreadCount).toBe(2);
  });

  it('starts a thread at an association where the homeowner owns an account', async () => {
    const maple = await associationId(db(), 'maplegrove');
    clock.advance(60_000);
    const res = await home.post('/Messages', { associationId: maple, subject: '  Noise after 10 pm  ', body: 'The neighbors at 418 play loud music late.' });
    expect(res.status, res.body).toBe(201);
    expect(res.json).toMatchObject({ subject: 'Noise after 10 pm', associationName: 'Maple Grove HOA', homeownerName: 'Jordan Rivera' });
    expect(res.json.messages).toHaveLength(1);
    expect((await threads(home))[0]).toMatchObject({ id: res.json.id, unread: false, messageCount: 1 });
    expect((await threads(manager))[0]).toMatchObject({ id: res.json.id, unread: true, unreadCount: 1 });
    // A homeowner's message is only stored: nobody is e-mailed.
    expect(await mailTo(db(), 'manager@example.com')).toEqual([]);
  });

  it("refuses an empty subject or message, and an association where the caller owns nothing, writing nothing", async () => {
    const maple = await associationId(db(), 'maplegrove');
    const before = await databaseFingerprint(db());
    const noMessage = await home.post('/Messages', { associationId: maple, subject: 'Hello', body: ' \n\t ' });
    expectErrorShape(noMessage, 400, 'MSG001');
    expect(noMessage.json.detail).toBe('Message is required.');
    expectErrorShape(await home.post('/Messages', { associationId: maple, subject: '   ', body: 'Hi' }), 400, 'MSG002');
    expectErrorShape(await home.post('/Messages', { associationId: maple, subject: 'x'.repeat(121), body: 'Hi' }), 400, 'VAL001');
    expectErrorShape(await home.post('/Messages', { associationId: await associationId(db(), 'demoville'), subject: 'Hi', body: 'Hi' }), 404, 'GP001');
    expectErrorShape(await manager.post('/Messages', { associationId: maple, subject: 'Hi', body: 'Hi' }), 404, 'GP001');
    expect(await databaseFingerprint(db())).toEqual(before);
  });

  it("e-mails the homeowner management's reply with a link to the thread; the homeowner's reply is only stored", async () => {
    const gate = await bySubject(home, 'Pool gate code');
    clock.advance(60_000);
    const reply = await manager.post(`/Messages/${gate.id}/Reply`, { body: 'The office is closed on Friday this week.' });
    expect(reply.status, reply.body).toBe(201);
    expect(reply.json.messages.at(-1)).toMatchObject({ body: 'The office is closed on Friday this week.', fromManagement: true, authorName: 'Riley Chen' });
    const mails = await mailTo(db(), 'homeowner@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('Pool gate code');
    expect(mails[0].text).toContain('The office is closed on Friday this week.');
    expect(mails[0].text).toContain(`Read it and answer in the portal: ${TEST_PUBLIC_URL}/my/messages/${gate.id}?accountNumber=100234`);
    expect((await threads(home))[0]).toMatchObject({ id: gate.id, unread: true, unreadCount: 1 });
    expect((await bySubject(manager, 'Pool gate code')).unread).toBe(false);

    clock.advance(60_000);
    const answer = await home.post(`/Messages/${gate.id}/Reply`, { body: 'Thanks, I will come on Monday.' });
    expect(answer.status, answer.body).toBe(201);
    expect(answer.json.messages.at(-1)).toMatchObject({ fromManagement: false, authorName: 'Jordan Rivera' });
    expect(await mailTo(db(), 'homeowner@example.com')).toHaveLength(1);
    expect(await mailTo(db(), 'manager@example.com')).toEqual([]);
    expect(await bySubject(home, 'Pool gate code')).toMatchObject({ unread: false, messageCount: 6 });
    expect((await bySubject(manager, 'Pool gate code')).unreadCount).toBe(1);
  });

  it("answers 'Message is required.' for an empty reply and refuses one over 5000 characters, storing nothing", async () => {
    const gate = await bySubject(home, 'Pool gate code');
    const before = await databaseFingerprint(db());
    for (const body of ['', '   ', '\n\n']) {
      const res = await home.post(`/Messages/${gate.id}/Reply`, { body });
      expectErrorShape(res, 400, 'MSG001');
      expect(res.json.detail).toBe('Message is required.');
    }
    expectErrorShape(await manager.post(`/Messages/${gate.id}/Reply`, { body: ' ' }), 400, 'MSG001');
    expectErrorShape(await home.post(`/Messages/${gate.id}/Reply`, { body: 'x'.repeat(5001) }), 400, 'VAL001');
    expect(await databaseFingerprint(db())).toEqual(before);
  });

  it("answers 404 for someone else's thread (another homeowner, a board member, another company's staff) and changes nothing, read marks included", async () => {
    const landscaping = await bySubject(manager, 'Landscaping around the mailbox cluster');
    const before = await databaseFingerprint(db());
    for (const who of [paid, board, stranger]) {
      expectErrorShape(await who.get(`/Messages/${landscaping.id}`), 404, 'MSG404');
      expectErrorShape(await who.post(`/Messages/${landscaping.id}/Reply`, { body: 'Hello' }), 404, 'MSG404');
    }
    expectErrorShape(await home.get('/Messages/999999'), 404, 'MSG404');
    expect(await databaseFingerprint(db())).toEqual(before);
    expect((await bySubject(home, 'Landscaping around the mailbox cluster')).unreadCount).toBe(2);
  });
});
