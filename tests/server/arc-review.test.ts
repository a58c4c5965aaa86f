// The board's review of architectural requests (openapi/action-items.yaml, /Board/ArcRequests and
// /BoardMember/BoardMemberTaskOverview) on the demo data: the list (filters, sort, overdue) and its
// CSV export, the detail with members' votes and history, votes (edit, retract that cannot be
// restored, two members at once), the chair's decision (members and other boards refused with
// nothing changed, once only, e-mailed to the applicant and shown on their request), messages with
// the applicant and the attachments. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, createTestClock, expectErrorShape, signIn, testApp, testPasswords, useTestDatabase } from './helpers.ts';
import { databaseFingerprint } from './authz-helpers.ts';
import { associationId } from './billing-helpers.ts';
import { mailTo } from './community-helpers.ts';

const BASE = '/api/action-items';
const BOARD2 = { email: 'board2@example.com', password: 'Board2#2026' };
const BOARD3 = { email: 'board3@example.com', password: 'Board3#2026' };

describe.each(BACKENDS)('board architectural review on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let app: FastifyInstance;
  let maple: number;
  const tokens: Record<'home' | 'board' | 'board2' | 'board3' | 'chair' | 'manager' | 'cedarBoard', string> = {
    home: '', board: '', board2: '', board3: '', chair: '', manager: '', cedarBoard: '',
  };
  const db = () => database.current.db;
  const get = (path: string, token: string) => call(app, 'GET', `${BASE}${path}`, { token });
  const post = (path: string, token: string, body: unknown) => call(app, 'POST', `${BASE}${path}`, { token, body });
  const retract = (id: number, token: string) => call(app, 'DELETE', `${BASE}/Board/ArcRequests/${id}/Vote`, { token });
  const arcId = async (subject: string) => Number((await db().query<{ id: number }>('SELECT id FROM homeowner_requests WHERE subject = $1', [subject])).rows[0].id);
  /** A fresh architectural request of the homeowner at Maple Grove, submitted now. */
  const newArc = async (subject: string) => {
    const res = await post('/HomeownerRequests', tokens.home, { accountNumber: '100234', kind: 'architectural', architecturalType: 'roofing', subject, description: 'New shingles.' });
    expect(res.status, res.body).toBe(201);
    return Number(res.json.id);
  };

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now });
    maple = await associationId(db(), 'maplegrove');
    const cedar = await associationId(db(), 'cedarpoint');
    tokens.home = (await signIn(app, DEMO.homeowner)).token;
    tokens.board = (await signIn(app, DEMO.board)).token;
    tokens.chair = (await signIn(app, DEMO.chair)).token;
    tokens.manager = (await signIn(app, DEMO.manager)).token;
    tokens.board2 = (await signIn(app, BOARD2)).token;
    tokens.board3 = (await signIn(app, BOARD3)).token;
    // The chair of Cedar Point's board: nobody at Maple Grove.
    const cedarChair = { email: 'cedar.chair@example.com', password: 'CedarChair#2026' };
    const { rows } = await db().query<{ id: number }>(
      `INSERT INTO users (management_company_id, email, password_hash, first_name, last_name)
       SELECT management_company_id, $1, $2, 'Robin', 'Vale' FROM associations WHERE id = $3 RETURNING id`,
      [cedarChair.email, await testPasswords.hash(cedarChair.password), cedar],
    );
    await db().query('INSERT INTO board_members (user_id, association_id, is_chair) VALUES ($1, $2, true)', [rows[0].id, cedar]);
    tokens.cedarBoard = (await signIn(app, cedarChair)).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists the open requests by due date with votes, overdue first to stand out', async () => {
    const res = await get(`/Board/ArcRequests?associationId=${maple}`, tokens.board);
    expect(res.status, res.body).toBe(200);
    expect(res.json.requests.map((r: { subject: string }) => r.subject)).toEqual(['Backyard storage shed', 'Solar panels on the south roof', 'Replace backyard fence']);
    const [shed, solar, fence] = res.json.requests;
    expect(shed).toMatchObject({ overdue: true, step: 'boardReview', homeownerName: 'Marcus Johnson', accountNumber: '100243', votes: { approve: 1, decline: 0, members: 5 }, myVote: null });
    expect(solar).toMatchObject({ overdue: false, type: 'solar', votes: { approve: 3, decline: 0, members: 5 }, myVote: 'approve', decision: null });
    expect(fence).toMatchObject({ step: 'submitted', dueDate: '2026-03-26', address: '412 Maple Grove Lane, Atlanta, GA 30301', homeownerName: 'Jordan Rivera' });

    const decided = await get(`/Board/ArcRequests?associationId=${maple}&status=decided&sort=submittedAt&dir=desc`, tokens.chair);
    expect(decided.json.requests.map((r: { status: string }) => r.status)).toEqual(['approved', 'approvedWithConditions', 'declined', 'approvedWithConditions']);
    expect(decided.json.requests[1].decision).toMatchObject({ outcome: 'approvedWithConditions', decidedBy: 'Casey Morgan', conditions: expect.stringContaining('steel edging') });
    const all = await get(`/Board/ArcRequests?associationId=${maple}&status=all&sort=homeowner`, tokens.board);
    expect(all.json.requests.map((r: { homeownerName: string }) => r.homeownerName)).toEqual([
      'Ben Carter', 'Jordan Rivera', 'Jordan Rivera', 'Lucas Fischer', 'Marcus Johnson', 'Omar Haddad', 'Priya Shah',
    ]);
    const search = await get(`/Board/ArcRequests?associationId=${maple}&status=all&search=SOUTH%20roof`, tokens.board);
    expect(search.json.requests.map((r: { homeownerName: string }) => r.homeownerName)).toEqual(['Priya Shah']);
  });

  it('shows one request with its files, every member, the history and what the caller may do', async () => {
    const solar = await arcId('Solar panels on the south roof');
    const res = await get(`/Board/ArcRequests/${solar}`, tokens.board2);
    expect(res.status, res.body).toBe(200);
    expect(res.json).toMatchObject({ canVote: true, canDecide: false, myVote: 'approve', associationName: 'Maple Grove HOA' });
    expect(res.json.members.map((m: { name: string; vote: string | null }) => [m.name, m.vote])).toEqual([
      ['Casey Morgan', 'approve'],
      ['Taylor Brooks', 'approve'],
      ['Jamie Ellis', 'approve'],
      ['Quinn Harper', null],
      ['Sam Okafor', null],
    ]);
    expect(res.json.history.map((h: { name: string; action: string; vote: string | null }) => `${h.name} ${h.action} ${h.vote}`)).toEqual([
      'Taylor Brooks vote approve',
      'Sam Okafor vote approve',
      'Jamie Ellis vote decline',
      'Sam Okafor retract null',
      'Casey Morgan vote approve',
      'Jamie Ellis edit approve',
    ]);
    expect((await get(`/Board/ArcRequests/${solar}`, tokens.chair)).json.canDecide).toBe(true);
    const [file] = res.json.attachments;
    expect(file).toMatchObject({ name: 'Panel layout.png', contentType: 'image/png', previewable: true });
    const download = await app.inject({ method: 'GET', url: `${BASE}/Board/ArcRequests/${solar}/Attachments/${file.id}?inline=true`, headers: { authorization: `Bearer ${tokens.board}` } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^inline/);
    expect(download.rawPayload.length).toBe(file.size);
    // Another request's attachment through this request: 404 HRQ007.
    const shedFile = (await get(`/Board/ArcRequests/${await arcId('Backyard storage shed')}`, tokens.board)).json.attachments[0];
    expectErrorShape(await get(`/Board/ArcRequests/${solar}/Attachments/${shedFile.id}`, tokens.board), 404, 'HRQ007');
  });

  it('refuses the homeowner, management, another board and a member deciding, and changes nothing', async () => {
    const fence = await arcId('Replace backyard fence');
    const before = await databaseFingerprint(db());
    for (const token of [tokens.home, tokens.manager, tokens.cedarBoard]) {
      expectErrorShape(await get(`/Board/ArcRequests?associationId=${maple}`, token), 404, 'GP001');
      expectErrorShape(await get(`/Board/ArcRequests/${fence}`, token), 404, 'HRQ404');
      expectErrorShape(await post(`/Board/ArcRequests/${fence}/Vote`, token, { vote: 'approve' }), 404, 'HRQ404');
      expectErrorShape(await retract(fence, token), 404, 'HRQ404');
      expectErrorShape(await post('/Board/ArcRequests/Message', token, { requestId: fence, body: 'Hello' }), 404, 'HRQ404');
      expectErrorShape(await post(`/Board/ArcRequests/${fence}/ChairDecision`, token, { outcome: 'approved' }), 404, 'HRQ404');
      expectErrorShape(await get(`/BoardMember/BoardMemberTaskOverview?associationId=${maple}`, token), 404, 'GP001');
    }
    // A board member who is not the chair may not decide.
    expectErrorShape(await post(`/Board/ArcRequests/${fence}/ChairDecision`, tokens.board, { outcome: 'declined' }), 404, 'HRQ404');
    // A general request is no architectural request, even for the board of its association.
    const streetlight = await arcId('Streetlight out on Maple Grove Lane');
    expectErrorShape(await get(`/Board/ArcRequests/${streetlight}`, tokens.chair), 404, 'HRQ404');
    expect(await databaseFingerprint(db())).toEqual(before);
  });

  it('edits and retracts votes; a retracted vote cannot be restored, a new one can be cast', async () => {
    const id = await newArc('New roof shingles');
    const first = await post(`/Board/ArcRequests/${id}/Vote`, tokens.board, { vote: 'decline', comment: 'Which color?' });
    expect(first.status, first.body).toBe(200);
    expect(first.json).toMatchObject({ step: 'boardReview', myVote: 'decline', votes: { approve: 0, decline: 1, members: 5 } });
    const edited = await post(`/Board/ArcRequests/${id}/Vote`, tokens.board, { vote: 'approve', comment: '   ' });
    expect(edited.json).toMatchObject({ myVote: 'approve', votes: { approve: 1, decline: 0 } });
    const retracted = await retract(id, tokens.board);
    expect(retracted.status, retracted.body).toBe(200);
    expect(retracted.json).toMatchObject({ myVote: null, votes: { approve: 0, decline: 0 } });
    const rows = await db().query('SELECT count(*)::integer AS n FROM arc_votes WHERE request_id = $1', [id]);
    expectErrorShape(await retract(id, tokens.board), 409, 'ARC002');
    expectErrorShape(await retract(id, tokens.board2), 409, 'ARC002');
    expect((await db().query('SELECT count(*)::integer AS n FROM arc_votes WHERE request_id = $1', [id])).rows).toEqual(rows.rows);
    const again = await post(`/Board/ArcRequests/${id}/Vote`, tokens.board, { vote: 'decline' });
    expect(again.json.myVote).toBe('decline');
    expect(again.json.history.map((h: { action: string; vote: string | null; comment: string | null }) => [h.action, h.vote, h.comment])).toEqual([
      ['vote', 'decline', 'Which color?'],
      ['edit', 'approve', null],
      ['retract', null, null],
      ['vote', 'decline', null],
    ]);
    expect(again.json.history.every((h: { name: string; at: string }) => h.name === 'Taylor Brooks' && h.at === clock.now().toISOString())).toBe(true);
  });

  it('counts two members voting at the same moment once each', async () => {
    const id = await newArc('Skylight over the kitchen');
    const [a, b] = await Promise.all([
      post(`/Board/ArcRequests/${id}/Vote`, tokens.board2, { vote: 'approve' }),
      post(`/Board/ArcRequests/${id}/Vote`, tokens.board3, { vote: 'decline' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const detail = await get(`/Board/ArcRequests/${id}`, tokens.board);
    expect(detail.json.votes).toEqual({ approve: 1, decline: 1, members: 5 });
    expect(detail.json.history.map((h: { action: string }) => h.action)).toEqual(['vote', 'vote']);
  });

  it('lets the chair decide once, closes the votes, e-mails the applicant and shows it on their request', async () => {
    const id = await newArc('Roof color change');
    await post(`/Board/ArcRequests/${id}/Vote`, tokens.board, { vote: 'approve' });
    const before = await databaseFingerprint(db());
    expectErrorShape(await post(`/Board/ArcRequests/${id}/ChairDecision`, tokens.chair, { outcome: 'approvedWithConditions' }), 400, 'ARC003');
    expectErrorShape(await post(`/Board/ArcRequests/${id}/ChairDecision`, tokens.chair, { outcome: 'approvedWithConditions', conditions: '  ' }), 400, 'ARC003');
    expectErrorShape(await post(`/Board/ArcRequests/${id}/ChairDecision`, tokens.chair, { outcome: 'declined', conditions: 'No.' }), 400, 'ARC003');
    expectErrorShape(await post(`/Board/ArcRequests/${id}/ChairDecision`, tokens.chair, { outcome: 'maybe' }), 400, 'VAL001');
    expect(await databaseFingerprint(db())).toEqual(before);
    const mailsBefore = (await mailTo(db(), DEMO.homeowner.email)).length;

    const decided = await post(`/Board/ArcRequests/${id}/ChairDecision`, tokens.chair, {
      outcome: 'approvedWithConditions',
      conditions: 'Use the charcoal shingles from the approved list.',
      comment: 'Thanks for the samples.',
    });
    expect(decided.status, decided.body).toBe(200);
    expect(decided.json).toMatchObject({ status: 'approvedWithConditions', step: 'decided', canVote: false, canDecide: false, overdue: false });
    expect(decided.json.decision).toEqual({
      outcome: 'approvedWithConditions',
      conditions: 'Use the charcoal shingles from the approved list.',
      comment: 'Thanks for the samples.',
      decidedAt: clock.now().toISOString(),
      decidedBy: 'Casey Morgan',
    });
    expect(decided.json.history.at(-1)).toMatchObject({ action: 'decision', outcome: 'approvedWithConditions', name: 'Casey Morgan' });
    const mails = await mailTo(db(), DEMO.homeowner.email);
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails.at(-1)!.subject).toBe('Your architectural request was approved with conditions: Roof color change');
    expect(mails.at(-1)!.text).toContain('Use the charcoal shingles from the approved list.');
    const own = await get(`/HomeownerRequests/${id}`, tokens.home);
    expect(own.json).toMatchObject({ status: 'approvedWithConditions', architectural: { step: 'decided' } });

    const after = await databaseFingerprint(db());
    expectErrorShape(await post(`/Board/ArcRequests/${id}/Vote`, tokens.board2, { vote: 'decline' }), 409, 'ARC001');
    expectErrorShape(await retract(id, tokens.board), 409, 'ARC001');
    expectErrorShape(await post(`/Board/ArcRequests/${id}/ChairDecision`, tokens.chair, { outcome: 'declined' }), 409, 'ARC001');
    expect(await databaseFingerprint(db())).toEqual(after);
  });

  it('exports the filtered, sorted rows with the visible columns as CSV', async () => {
    const url = `${BASE}/Board/ArcRequests?associationId=${maple}&status=decided&sort=homeowner&dir=desc&search=lane&format=csv&columns=homeowner,accountNumber,decision,overdue`;
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens.board}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="arc-requests-maplegrove.csv"');
    const list = await get(`/Board/ArcRequests?associationId=${maple}&status=decided&sort=homeowner&dir=desc&search=lane`, tokens.board);
    const expected = ['Homeowner,Account number,Decision,Overdue', ...list.json.requests.map((r: { homeownerName: string; accountNumber: string; decision: { outcome: string } | null }) => `${r.homeownerName},${r.accountNumber},${r.decision?.outcome ?? ''},no`)];
    expect(res.body).toBe(expected.join('\r\n') + '\r\n');
    expect(res.body.split('\r\n').slice(1, -1).map((line) => line.split(',')[0])).toEqual(['Omar Haddad', 'Lucas Fischer', 'Jordan Rivera', 'Jordan Rivera', 'Ben Carter']);
    expect(res.body).toContain('Omar Haddad,100245,approved,no');
    expect(res.body).not.toContain('Solar');
    const defaults = await app.inject({ method: 'GET', url: `${BASE}/Board/ArcRequests?associationId=${maple}&format=csv`, headers: { authorization: `Bearer ${tokens.board}` } });
    expect(defaults.body.split('\r\n')[0]).toBe('Type,Step,Submitted,Due date,Homeowner,Address,Account number,Approve votes,Decline votes');
    expect(defaults.body.split('\r\n')[1]).toMatch(/^addition,boardReview,.*,Marcus Johnson,"506 Maple Grove Lane, Atlanta, GA 30301",100243,1,0$/);
    for (const columns of ['homeowner,nope', 'homeowner,homeowner', '']) {
      const bad = await call(app, 'GET', `${BASE}/Board/ArcRequests?associationId=${maple}&format=csv&columns=${columns}`, { token: tokens.board });
      expectErrorShape(bad, 400, 'ARC004');
    }
    expectErrorShape(await call(app, 'GET', `${BASE}/Board/ArcRequests?associationId=${maple}&format=csv`, { token: tokens.cedarBoard }), 404, 'GP001');
  });

  it('carries messages between the board and the applicant', async () => {
    const fence = await arcId('Replace backyard fence');
    const before = await databaseFingerprint(db());
    expectErrorShape(await post('/Board/ArcRequests/Message', tokens.board, { requestId: fence, body: '   ' }), 400, 'MSG001');
    expect(await databaseFingerprint(db())).toEqual(before);
    const sent = await post('/Board/ArcRequests/Message', tokens.board, { requestId: fence, body: 'How tall is the new fence at the corners?' });
    expect(sent.status, sent.body).toBe(201);
    expect(sent.json.messages.at(-1)).toMatchObject({ from: 'board', authorName: 'Taylor Brooks', body: 'How tall is the new fence at the corners?' });
    expect((await mailTo(db(), DEMO.homeowner.email)).at(-1)!.text).toContain('How tall is the new fence at the corners?');
    const own = await get(`/HomeownerRequests/${fence}`, tokens.home);
    expect(own.json.replies.at(-1)).toMatchObject({ fromBoard: true, fromManagement: false, authorName: 'Taylor Brooks' });
    expect((await post(`/HomeownerRequests/${fence}/Reply`, tokens.home, { body: 'Five feet everywhere.' })).status).toBe(201);
    const thread = await get(`/Board/ArcRequests/${fence}/Messages`, tokens.chair);
    expect(thread.json.messages.slice(-2).map((m: { from: string; body: string }) => [m.from, m.body])).toEqual([
      ['board', 'How tall is the new fence at the corners?'],
      ['homeowner', 'Five feet everywhere.'],
    ]);
  });

  it("counts the board dashboard's tasks for the caller", async () => {
    clock.advance(40 * 24 * 3600 * 1000);
    // Sign-ins last 8 hours: sign in again, 40 days later.
    const later = { board: (await signIn(app, DEMO.board)).token, board3: (await signIn(app, BOARD3)).token };
    const mine = async (token: string) => (await get(`/BoardMember/BoardMemberTaskOverview?associationId=${maple}`, token)).json;
    const board3 = await mine(later.board3);
    const board = await mine(later.board);
    expect(board.arcOpen).toBeGreaterThan(0);
    expect(board3.arcOpen).toBe(board.arcOpen);
    // Every open request is overdue 40 days later.
    expect(board.arcOverdue).toBe(board.arcOpen);
    const open = (await get(`/Board/ArcRequests?associationId=${maple}`, later.board3)).json.requests;
    expect(board3.arcAwaitingMyVote).toBe(open.filter((r: { myVote: string | null }) => r.myVote === null).length);
    expect(open.every((r: { overdue: boolean }) => r.overdue)).toBe(true);
    clock.advance(-40 * 24 * 3600 * 1000);
  });
});
