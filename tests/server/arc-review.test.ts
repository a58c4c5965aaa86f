// The board's review of architectural requests (openapi/action-items.yaml, /Board/ArcRequests and
// /BoardMember/BoardMemberTaskOverview) on the demo data: the list as a grid (status, awaiting my
// vote, sort, filter, pages, overdue) and its CSV export, the detail with members' votes and
// history, votes (edit, retract that cannot be restored, two members at once), the chair's decision
// (members and other boards refused with nothing changed, once only, e-mailed to the applicant and
// shown on their request), messages with the applicant, the attachments and the dashboard's counts.
// PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, createTestClock, expectErrorShape, signIn, TEST_PUBLIC_URL, testApp, testPasswords, useTestDatabase } from './helpers.ts';
import { databaseFingerprint } from './authz-helpers.ts';
import { associationId } from './billing-helpers.ts';
import { mailTo } from './community-helpers.ts';

const BASE = '/api/action-items';
const BOARD2 = { email: 'board2@example.com', password: 'Board2#2026' };
const BOARD3 = { email: 'board3@example.com', password: 'Board3#2026' };
/** The fields of a row of the board's list, every one a grid column. */
const ROW_FIELDS = ['id', 'subject', 'type', 'step', 'status', 'submittedAt', 'dueDate', 'overdue', 'homeownerName', 'address', 'accountNumber', 'approveVotes', 'declineVotes', 'myVote', 'decision'] as const;
type Row = Record<(typeof ROW_FIELDS)[number], string | number | boolean | null>;
/** What waits at Maple Grove in the demo's board lists (server/demo/board-lists.ts). */
const DEMO_WAITING = { invoicesAwaitingApproval: 3, violationsOpen: 9, toDosOpen: 4 };
const filterQuery = (model: object) => `filter=${encodeURIComponent(JSON.stringify(model))}`;

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

  it('lists the open requests as a grid by due date, with flat rows: votes, my vote, overdue first to stand out', async () => {
    const res = await get(`/Board/ArcRequests?associationId=${maple}`, tokens.board);
    expect(res.status, res.body).toBe(200);
    expect(res.json.lastRow).toBe(3);
    expect(res.json.rows.map((r: Row) => r.subject)).toEqual(['Backyard storage shed', 'Solar panels on the south roof', 'Replace backyard fence']);
    const [shed, solar, fence] = res.json.rows;
    expect(shed).toMatchObject({ overdue: true, step: 'boardReview', homeownerName: 'Marcus Johnson', accountNumber: '100243', approveVotes: 1, declineVotes: 0, myVote: null, decision: null });
    expect(solar).toMatchObject({ overdue: false, type: 'solar', approveVotes: 3, declineVotes: 0, myVote: 'approve', decision: null });
    expect(fence).toMatchObject({ step: 'submitted', status: 'open', dueDate: '2026-03-26', address: '412 Maple Grove Lane, Atlanta, GA 30301', homeownerName: 'Jordan Rivera' });
    // Every field is a column: nothing nested.
    expect(Object.keys(fence).sort()).toEqual([...ROW_FIELDS].sort());
    expect(res.json.rows.every((r: Row) => Object.values(r).every((v) => v === null || typeof v !== 'object'))).toBe(true);

    const decided = await get(`/Board/ArcRequests?associationId=${maple}&status=decided&sort=submittedAt:desc`, tokens.chair);
    expect(decided.json.rows.map((r: Row) => r.status)).toEqual(['approved', 'approvedWithConditions', 'declined', 'approvedWithConditions']);
    expect(decided.json.rows.map((r: Row) => r.decision)).toEqual(['approved', 'approvedWithConditions', 'declined', 'approvedWithConditions']);
    const all = await get(`/Board/ArcRequests?associationId=${maple}&status=all&sort=homeownerName:asc`, tokens.board);
    expect(all.json.lastRow).toBe(7);
    expect(all.json.rows.map((r: Row) => r.homeownerName)).toEqual(['Ben Carter', 'Jordan Rivera', 'Jordan Rivera', 'Lucas Fischer', 'Marcus Johnson', 'Omar Haddad', 'Priya Shah']);
    // Steps sort in the order a request goes through them, not alphabetically.
    const bySteps = await get(`/Board/ArcRequests?associationId=${maple}&status=all&sort=step:asc,dueDate:desc`, tokens.board);
    expect(bySteps.json.rows.map((r: Row) => r.step)).toEqual(['submitted', 'boardReview', 'boardReview', 'decided', 'decided', 'decided', 'decided']);
  });

  it('filters, pages and counts the rows as the other board grids do, and refuses what it does not know', async () => {
    const rows = async (query: string, token = tokens.board) => {
      const res = await get(`/Board/ArcRequests?associationId=${maple}&${query}`, token);
      expect(res.status, res.body).toBe(200);
      return res.json as { rows: Row[]; lastRow: number };
    };
    const south = await rows(`status=all&${filterQuery({ subject: { type: 'contains', filter: 'SOUTH roof' } })}`);
    expect(south).toMatchObject({ lastRow: 1, rows: [{ homeownerName: 'Priya Shah' }] });
    expect((await rows(`${filterQuery({ overdue: { type: 'equals', filter: true } })}`)).rows.map((r) => r.subject)).toEqual(['Backyard storage shed']);
    const twoOrMore = await rows(`status=all&sort=approveVotes:desc&${filterQuery({ approveVotes: { type: 'greaterThan', filter: 1 }, decision: { type: 'equals', filter: 'APPROVED' } })}`);
    expect(twoOrMore.rows.map((r) => [r.subject, r.approveVotes])).toEqual([['Replace front windows', 3]]);
    const march = await rows(`status=all&${filterQuery({ dueDate: { type: 'inRange', filter: '2026-03-01', filterTo: '2026-03-31' } })}&sort=dueDate:asc`);
    expect(march.rows.map((r) => r.dueDate)).toEqual(['2026-03-20', '2026-03-26']);
    expect((await rows(`status=all&${filterQuery({ myVote: { type: 'equals', filter: 'approve' } })}`)).rows.map((r) => r.subject).sort()).toEqual([
      'Front yard landscaping', 'Replace front windows', 'Solar panels on the south roof',
    ]);

    // Pages of two, in the default order, add up to the whole list; past the end is empty with the count.
    const whole = await rows('status=all&startRow=0&endRow=500');
    const pages = [...(await rows('status=all&startRow=0&endRow=2')).rows, ...(await rows('status=all&startRow=2&endRow=4')).rows, ...(await rows('status=all&startRow=4&endRow=6')).rows, ...(await rows('status=all&startRow=6&endRow=8')).rows];
    expect(pages.map((r) => r.id)).toEqual(whole.rows.map((r) => r.id));
    expect(whole.rows.map((r) => r.dueDate)).toEqual([...whole.rows.map((r) => r.dueDate)].sort());
    expect(await rows('status=all&startRow=10&endRow=12')).toEqual({ rows: [], lastRow: 7 });

    const before = await databaseFingerprint(db());
    const unknown = await get(`/Board/ArcRequests?associationId=${maple}&sort=homeowner:asc`, tokens.board);
    expectErrorShape(unknown, 400, 'GRD001');
    expect(unknown.json.detail).toContain('the architectural requests list has id, type, subject, step');
    expectErrorShape(await get(`/Board/ArcRequests?associationId=${maple}&${filterQuery({ votes: { type: 'equals', filter: 1 } })}`, tokens.board), 400, 'GRD001');
    expectErrorShape(await get(`/Board/ArcRequests?associationId=${maple}&${filterQuery({ overdue: { type: 'contains', filter: 'yes' } })}`, tokens.board), 400, 'GRD002');
    expectErrorShape(await get(`/Board/ArcRequests?associationId=${maple}&sort=dueDate:up`, tokens.board), 400, 'GRD002');
    expectErrorShape(await get(`/Board/ArcRequests?associationId=${maple}&startRow=4&endRow=4`, tokens.board), 400, 'GRD003');
    expectErrorShape(await get(`/Board/ArcRequests?associationId=${maple}&status=mine`, tokens.board), 400, 'VAL001');
    expect(await databaseFingerprint(db())).toEqual(before);
  });

  it('lists the open requests awaiting my vote: a vote takes one off, a retraction puts it back', async () => {
    const awaiting = async (token: string) => {
      const res = await get(`/Board/ArcRequests?associationId=${maple}&status=awaitingMyVote`, token);
      expect(res.status, res.body).toBe(200);
      return (res.json.rows as Row[]).map((r) => r.subject);
    };
    // board@ voted on the solar panels, board3@ on the shed; nobody on the fence. Decided requests
    // are never awaiting a vote (board3@ voted on only one of them).
    expect(await awaiting(tokens.board)).toEqual(['Backyard storage shed', 'Replace backyard fence']);
    expect(await awaiting(tokens.board3)).toEqual(['Solar panels on the south roof', 'Replace backyard fence']);
    const overview = async (token: string) => (await get(`/BoardMember/BoardMemberTaskOverview?associationId=${maple}`, token)).json;
    expect((await overview(tokens.board)).arcAwaitingMyVote).toBe(2);

    const id = await newArc('Gazebo in the back yard');
    expect(await awaiting(tokens.board)).toEqual(['Backyard storage shed', 'Replace backyard fence', 'Gazebo in the back yard']);
    expect((await post(`/Board/ArcRequests/${id}/Vote`, tokens.board, { vote: 'approve' })).status).toBe(200);
    expect(await awaiting(tokens.board)).not.toContain('Gazebo in the back yard');
    expect(await awaiting(tokens.board2)).toContain('Gazebo in the back yard');
    expect((await overview(tokens.board)).arcAwaitingMyVote).toBe(2);
    expect((await retract(id, tokens.board)).status).toBe(200);
    expect(await awaiting(tokens.board)).toContain('Gazebo in the back yard');
    expect((await overview(tokens.board)).arcAwaitingMyVote).toBe(3);
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
    expect(mails.at(-1)!.text).toContain(`See it in the portal: ${TEST_PUBLIC_URL}/community/requests/${id}?accountNumber=${own.json.accountNumber}`);
    expect(own.json).toMatchObject({ status: 'approvedWithConditions', architectural: { step: 'decided' } });

    const after = await databaseFingerprint(db());
    expectErrorShape(await post(`/Board/ArcRequests/${id}/Vote`, tokens.board2, { vote: 'decline' }), 409, 'ARC001');
    expectErrorShape(await retract(id, tokens.board), 409, 'ARC001');
    expectErrorShape(await post(`/Board/ArcRequests/${id}/ChairDecision`, tokens.chair, { outcome: 'declined' }), 409, 'ARC001');
    expect(await databaseFingerprint(db())).toEqual(after);
  });

  it('exports the filtered, sorted rows with the visible columns (the row fields) as CSV', async () => {
    const query = `associationId=${maple}&status=decided&sort=homeownerName:desc&${filterQuery({ address: { type: 'contains', filter: 'lane' } })}`;
    const columns = 'homeownerName,accountNumber,decision,overdue,approveVotes';
    const res = await app.inject({ method: 'GET', url: `${BASE}/Board/ArcRequests?${query}&format=csv&columns=${columns}`, headers: { authorization: `Bearer ${tokens.board}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="arc-requests-maplegrove.csv"');
    // Every matching row, not one page: the same as the JSON rows with the same filter and sort.
    const list = await get(`/Board/ArcRequests?${query}&startRow=0&endRow=500`, tokens.board);
    const expected = [
      'Homeowner,Account number,Decision,Overdue,Approve votes',
      ...list.json.rows.map((r: Row) => `${r.homeownerName},${r.accountNumber},${r.decision ?? ''},${r.overdue ? 'Yes' : 'No'},${r.approveVotes}`),
    ];
    expect(res.body).toBe(expected.join('\r\n') + '\r\n');
    expect(res.body.split('\r\n').slice(1, -1).map((line) => line.split(',')[0])).toEqual(['Omar Haddad', 'Lucas Fischer', 'Jordan Rivera', 'Jordan Rivera', 'Ben Carter']);
    expect(res.body).toContain('Omar Haddad,100245,approved,No,3');
    expect(res.body).not.toContain('Solar');
    // Without columns: every field, in the row's order, under its title.
    const defaults = await app.inject({ method: 'GET', url: `${BASE}/Board/ArcRequests?associationId=${maple}&format=csv`, headers: { authorization: `Bearer ${tokens.board}` } });
    expect(defaults.body.split('\r\n')[0]).toBe('Id,Type,Subject,Step,Status,Submitted,Due date,Overdue,Homeowner,Address,Account number,Approve votes,Decline votes,My vote,Decision');
    expect(defaults.body.split('\r\n')[1]).toMatch(/^\d+,addition,Backyard storage shed,boardReview,open,.*,Yes,Marcus Johnson,"506 Maple Grove Lane, Atlanta, GA 30301",100243,1,0,,$/);
    for (const [bad, code] of [['homeownerName,nope', 'GRD001'], ['homeowner', 'GRD001'], ['homeownerName,homeownerName', 'GRD002']]) {
      expectErrorShape(await call(app, 'GET', `${BASE}/Board/ArcRequests?associationId=${maple}&format=csv&columns=${bad}`, { token: tokens.board }), 400, code);
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
    const boardMail = (await mailTo(db(), DEMO.homeowner.email)).at(-1)!.text;
    expect(boardMail).toContain('How tall is the new fence at the corners?');
    const own = await get(`/HomeownerRequests/${fence}`, tokens.home);
    expect(boardMail).toContain(`Read it and answer in the portal: ${TEST_PUBLIC_URL}/community/requests/${fence}?accountNumber=${own.json.accountNumber}`);
    expect(own.json.replies.at(-1)).toMatchObject({ fromBoard: true, fromManagement: false, authorName: 'Taylor Brooks' });
    expect((await post(`/HomeownerRequests/${fence}/Reply`, tokens.home, { body: 'Five feet everywhere.' })).status).toBe(201);
    const thread = await get(`/Board/ArcRequests/${fence}/Messages`, tokens.chair);
    expect(thread.json.messages.slice(-2).map((m: { from: string; body: string }) => [m.from, m.body])).toEqual([
      ['board', 'How tall is the new fence at the corners?'],
      ['homeowner', 'Five feet everywhere.'],
    ]);
  });

  it("counts the board dashboard's tasks for the caller: ARC requests and the board lists' waiting items", async () => {
    const mine = async (token: string, association = maple) => {
      const res = await get(`/BoardMember/BoardMemberTaskOverview?associationId=${association}`, token);
      expect(res.status, res.body).toBe(200);
      return res.json;
    };
    const lists = (path: string, model: object) => call(app, 'GET', `/api/associations/associations/${maple}/Board/${path}?${filterQuery(model)}`, { token: tokens.board });
    const counted = async () => ({
      invoicesAwaitingApproval: (await lists('Invoices', { status: { type: 'equals', filter: 'awaiting' } })).json.lastRow,
      violationsOpen: (await lists('Violations', { status: { type: 'equals', filter: 'open' } })).json.lastRow,
      toDosOpen: (await lists('ToDos', { done: { type: 'equals', filter: false } })).json.lastRow,
    });
    const board = await mine(tokens.board);
    expect(Object.keys(board).sort()).toEqual(['arcAwaitingMyVote', 'arcOpen', 'arcOverdue', 'invoicesAwaitingApproval', 'toDosOpen', 'violationsOpen']);
    expect(board).toMatchObject(DEMO_WAITING);
    expect(board).toMatchObject(await counted());
    // The same for every member of the board; only the votes are the caller's.
    expect(await mine(tokens.board3)).toMatchObject(DEMO_WAITING);
    // Another board's counts are its own association's (none of Maple Grove's).
    const cedar = await associationId(db(), 'cedarpoint');
    expect(await mine(tokens.cedarBoard, cedar)).toEqual({ arcAwaitingMyVote: 0, arcOpen: 0, arcOverdue: 0, invoicesAwaitingApproval: 0, violationsOpen: 0, toDosOpen: 0 });

    // Deciding an invoice and checking off a to-do item lower the counts.
    const invoice = Number((await db().query<{ id: number }>(`SELECT id FROM board_invoices WHERE vendor = 'Brightline Electric'`)).rows[0].id);
    const todo = Number((await db().query<{ id: number }>(`SELECT id FROM board_todos WHERE title = 'Plan the community picnic'`)).rows[0].id);
    expect((await call(app, 'PUT', `/api/associations/associations/${maple}/Board/Invoices/${invoice}`, { token: tokens.chair, body: { decision: 'approved' } })).status).toBe(200);
    expect((await call(app, 'PATCH', `/api/associations/associations/${maple}/Board/ToDos/${todo}`, { token: tokens.chair, body: { done: true } })).status).toBe(200);
    const after = await mine(tokens.board);
    expect(after).toMatchObject({ invoicesAwaitingApproval: DEMO_WAITING.invoicesAwaitingApproval - 1, toDosOpen: DEMO_WAITING.toDosOpen - 1, violationsOpen: DEMO_WAITING.violationsOpen });
    expect(after).toMatchObject(await counted());

    clock.advance(40 * 24 * 3600 * 1000);
    // Sign-ins last 8 hours: sign in again, 40 days later.
    const later = { board: (await signIn(app, DEMO.board)).token, board3: (await signIn(app, BOARD3)).token };
    const board3 = await mine(later.board3);
    const boardLater = await mine(later.board);
    expect(boardLater.arcOpen).toBeGreaterThan(0);
    expect(board3.arcOpen).toBe(boardLater.arcOpen);
    // Every open request is overdue 40 days later.
    expect(boardLater.arcOverdue).toBe(boardLater.arcOpen);
    const open = (await get(`/Board/ArcRequests?associationId=${maple}&startRow=0&endRow=500`, later.board3)).json.rows;
    expect(board3.arcAwaitingMyVote).toBe(open.filter((r: Row) => r.myVote === null).length);
    expect(board3.arcAwaitingMyVote).toBe((await get(`/Board/ArcRequests?associationId=${maple}&status=awaitingMyVote`, later.board3)).json.lastRow);
    expect(open.every((r: Row) => r.overdue)).toBe(true);
    clock.advance(-40 * 24 * 3600 * 1000);
  });
});
