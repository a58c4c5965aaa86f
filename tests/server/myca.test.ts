// MyCA through its operations (docs/server.md, "MyCA"; server/handlers/associations/myca.ts):
// the answer as server-sent events with citations a person can open, only from what the asker may
// read (a homeowner never gets the board's minutes, a visitor only public material), the asker's
// own account from the ledger, follow-ups, a plain refusal with what to do instead, the limits,
// conversations kept 30 days and feedback that staff read. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, createTestClock, expectErrorShape, signIn, testApp, useTestDatabase } from './helpers.ts';
import { associationId } from './billing-helpers.ts';
import { MYCA_EXPIRY_DUE_WORK } from '../../server/myca/expiry.ts';

const NOW = new Date('2026-03-02T15:00:00Z');
const BASE = '/api/associations';

interface Citation { ref: number; kind: string; title: string; page?: number; href: string }
interface Done { answerId: string; text: string; refused: boolean; citations: Citation[]; offers: string[] }
interface Answer { status: number; events: { event: string; data: Record<string, unknown> }[]; done: Done; conversationId: string; json: unknown }

/** The server-sent events of an answer, in order. */
function eventsOf(body: string) {
  return body.split('\n\n').filter((block) => block.trim() !== '').map((block) => {
    const event = /^event: (.*)$/m.exec(block)?.[1] ?? '';
    const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as Record<string, unknown>;
    return { event, data };
  });
}

describe.each(BACKENDS)('MyCA on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock(NOW);
  let app: FastifyInstance;
  let maple: number;
  let cedar: number;
  const tokens: Record<string, string> = {};
  let ip = 0;

  /** Asks as `who` (none: a signed-out visitor), each from an address of its own unless told. */
  async function ask(question: string, options: { who?: string; association?: number; conversationId?: string; ip?: string } = {}): Promise<Answer> {
    const body = { question, ...(options.conversationId ? { conversationId: options.conversationId } : {}) };
    const res = await call(app, 'POST', `${BASE}/associations/${options.association ?? maple}/MyCA/Questions`, {
      body, token: options.who ? tokens[options.who] : undefined, ip: options.ip ?? `10.9.0.${++ip % 250}`,
    });
    if (res.status !== 200) return { status: res.status, events: [], done: undefined as never, conversationId: '', json: res.json };
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = eventsOf(res.body);
    const done = events.find((e) => e.event === 'done')?.data as unknown as Done;
    return { status: 200, events, done, conversationId: String(events[0]?.data.conversationId), json: undefined };
  }

  beforeAll(async () => {
    app = await testApp(database.current.db, { clock: clock.now });
    maple = await associationId(database.current.db, 'maplegrove');
    cedar = await associationId(database.current.db, 'cedarpoint');
    for (const who of ['homeowner', 'board', 'staff'] as const) tokens[who] = (await signIn(app, DEMO[who])).token;
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers a homeowner from the rules with the page cited, naming the association, as a stream', async () => {
    const answer = await ask('When are the quiet hours?', { who: 'homeowner' });
    expect(answer.status).toBe(200);
    expect(answer.events[0]).toMatchObject({ event: 'conversation', data: { associationName: 'Maple Grove HOA' } });
    expect(answer.events.filter((e) => e.event === 'delta').length).toBeGreaterThan(0);
    expect(answer.events.at(-1)?.event).toBe('done');
    expect(answer.done.refused).toBe(false);
    expect(answer.done.text).toMatch(/^At Maple Grove HOA: /);
    expect(answer.done.text).toContain('10 pm');
    const rules = answer.done.citations.find((c) => c.title === 'Community Rules and Regulations.pdf');
    expect(rules).toMatchObject({ kind: 'document', page: 1 });
    expect(rules?.href).toMatch(new RegExp(`^/document/${maple}/\\d+/preview\\?page=1$`));
    // Every marker in the text is a citation, and every citation is marked.
    const markers = new Set([...answer.done.text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])));
    expect([...markers].sort()).toEqual(answer.done.citations.map((c) => c.ref).sort());
  });

  it('never gives a homeowner what only the board may read, and gives it to the board', async () => {
    const question = 'When was the quorum-eucalyptus declared at the executive session?';
    const owner = await ask(question, { who: 'homeowner' });
    expect(JSON.stringify(owner.done)).not.toMatch(/eucalyptus|Executive session|8:05/i);
    expect(owner.done.citations.every((c) => c.kind !== 'document' || !/minutes/i.test(c.title) || !/board/i.test(c.title))).toBe(true);
    const board = await ask(question, { who: 'board' });
    expect(board.done.refused).toBe(false);
    expect(board.done.text).toContain('8:05 pm');
  });

  it('gives a signed-out visitor public material only, with the public pages linked', async () => {
    const rules = await ask('When are the quiet hours?');
    expect(rules.done.text).toContain('10 pm');
    const budget = await ask('How much is the reserve contribution in the operating budget?');
    expect(JSON.stringify(budget.done)).not.toMatch(/30,000|Annual Budget/);
    // The association's calendar as the public sees it: its public page, not the residents' one.
    const sale = await ask('Is there a yard sale coming up?');
    expect(sale.done.citations).toContainEqual(expect.objectContaining({ kind: 'calendar', href: '/public/community/calendar' }));
  });

  it('answers what the owner owes from the ledger, citing the account page', async () => {
    const answer = await ask('How much do I owe right now?', { who: 'homeowner' });
    expect(answer.done.refused).toBe(false);
    expect(answer.done.citations[0]).toMatchObject({ kind: 'account' });
    expect(answer.done.citations[0].href).toMatch(/^\/billing\/account-overview\?accountNumber=\d+$/);
    expect(answer.done.text).toMatch(/\$\d[\d,]*\.\d\d/);
    // A visitor has no account: the ledger is never read for one.
    const visitor = await ask('How much do I owe right now?');
    expect(visitor.done.citations.some((c) => c.kind === 'account')).toBe(false);
  });

  it('reads a follow-up with the conversation, and keeps the conversation to the one who started it', async () => {
    const first = await ask('What are the pool hours in summer?', { who: 'homeowner' });
    expect(first.done.text).toMatch(/9 am/);
    const follow = await ask('and is there a lifeguard on weekends?', { who: 'homeowner', conversationId: first.conversationId });
    expect(follow.conversationId).toBe(first.conversationId);
    expect(follow.done.text).toMatch(/lifeguard/i);
    // Another asker or a visitor cannot go on with it.
    for (const other of [{ who: 'board' }, {}]) {
      const refused = await ask('and on Sundays?', { ...other, conversationId: first.conversationId });
      expect(refused.status).toBe(404);
      expect(refused.json).toMatchObject({ errorCode: 'MYC001' });
    }
  });

  it('is not there where the association has MyCA off', async () => {
    const refused = await ask('When is the pool open?', { who: 'homeowner', association: cedar });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ errorCode: 'FEA001' });
  });

  it('says plainly when nothing answers, offering a request or a message', async () => {
    const answer = await ask('Can I land a helicopter on my driveway?', { who: 'homeowner' });
    expect(answer.done).toMatchObject({ refused: true, citations: [], offers: ['new-request', 'message-management'] });
    expect(answer.done.text).toContain('Maple Grove HOA');
    // Opened again later, it offers the same.
    const opened = await call(app, 'GET', `${BASE}/MyCA/Conversations/${answer.conversationId}`, { token: tokens.homeowner });
    expect(opened.json).toMatchObject({ turns: [{ refused: true, offers: ['new-request', 'message-management'] }] });
  });

  it('refuses a question that is empty or too long, changing nothing', async () => {
    for (const question of ['', '   ', 'x'.repeat(501)]) {
      const res = await call(app, 'POST', `${BASE}/associations/${maple}/MyCA/Questions`, { body: { question }, token: tokens.homeowner });
      expectErrorShape(res, 400);
    }
    const before = await database.current.db.query('SELECT count(*)::int AS n FROM myca_answers');
    await call(app, 'POST', `${BASE}/associations/${maple}/MyCA/Questions`, { body: { question: '' }, token: tokens.homeowner });
    expect((await database.current.db.query('SELECT count(*)::int AS n FROM myca_answers')).rows).toEqual(before.rows);
  });

  it('takes 20 questions in 10 minutes from one asker, then says when to come back', async () => {
    const from = '10.77.0.1';
    for (let i = 0; i < 20; i += 1) expect((await ask('When is trash collected?', { ip: from })).status).toBe(200);
    const refused = await ask('When is trash collected?', { ip: from });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ errorCode: 'MYC003' });
    expect(String((refused.json as { detail: string }).detail)).toMatch(/20 questions in the last 10 minutes\. Please try again in \d+ minutes?\./);
    // Another address is not held back by it.
    expect((await ask('When is trash collected?', { ip: '10.77.0.2' })).status).toBe(200);
  });

  it('lists the owner\'s conversations and reopens one; takes feedback that staff read', async () => {
    clock.advance(60_000);
    const answer = await ask('What time do quiet hours end in the morning?', { who: 'homeowner' });
    const list = await call(app, 'GET', `${BASE}/MyCA/Conversations`, { token: tokens.homeowner });
    expect(list.status).toBe(200);
    expect((list.json as { conversations: { conversationId: string; title: string }[] }).conversations[0])
      .toMatchObject({ conversationId: answer.conversationId, title: 'What time do quiet hours end in the morning?', associationName: 'Maple Grove HOA' });
    const opened = await call(app, 'GET', `${BASE}/MyCA/Conversations/${answer.conversationId}`, { token: tokens.homeowner });
    expect(opened.json).toMatchObject({ turns: [{ answerId: answer.done.answerId, text: answer.done.text, helpful: null, offers: answer.done.offers }] });
    expectErrorShape(await call(app, 'GET', `${BASE}/MyCA/Conversations/${answer.conversationId}`, { token: tokens.board }), 404, 'MYC001');

    const feedback = `${BASE}/associations/${maple}/MyCA/Answers/${answer.done.answerId}/Feedback`;
    expect((await call(app, 'PUT', feedback, { token: tokens.board, body: { helpful: false } })).json).toMatchObject({ errorCode: 'MYC002' });
    expect((await call(app, 'PUT', feedback, { body: { helpful: false } })).json).toMatchObject({ errorCode: 'MYC002' });
    expect((await call(app, 'PUT', feedback, { token: tokens.homeowner, body: { helpful: false, comment: '  It was 7 am, thanks  ' } })).status).toBe(204);
    const read = await call(app, 'GET', `${BASE}/associations/${maple}/MyCA/Feedback`, { token: tokens.staff });
    expect((read.json as { feedback: unknown[] }).feedback[0]).toMatchObject({ answerId: answer.done.answerId, helpful: false, comment: 'It was 7 am, thanks' });
    // Not the company's staff: as if the association were not there.
    expectErrorShape(await call(app, 'GET', `${BASE}/associations/${maple}/MyCA/Feedback`, { token: tokens.homeowner }), 404, 'GP001');
  });

  it('forgets a conversation 30 days after its last question', async () => {
    const answer = await ask('When do trash bins go out?', { who: 'homeowner' });
    clock.advance(29 * 86_400_000);
    await app.services.jobs.runDueWork();
    // (the sign-in has ended by then: signed in again)
    tokens.homeowner = (await signIn(app, DEMO.homeowner)).token;
    expect((await call(app, 'GET', `${BASE}/MyCA/Conversations/${answer.conversationId}`, { token: tokens.homeowner })).status).toBe(200);
    clock.advance(1 * 86_400_000 + 1000);
    tokens.homeowner = (await signIn(app, DEMO.homeowner)).token;
    const ran = await app.services.jobs.runDueWork();
    expect(Object.keys(ran.ran)).toContain(MYCA_EXPIRY_DUE_WORK);
    expectErrorShape(await call(app, 'GET', `${BASE}/MyCA/Conversations/${answer.conversationId}`, { token: tokens.homeowner }), 404, 'MYC001');
    const { rows } = await database.current.db.query('SELECT count(*)::int AS n FROM myca_answers WHERE conversation_id = $1', [answer.conversationId]);
    expect(rows[0]).toEqual({ n: 0 });
  });
});
