// The association calendar (openapi/associations.yaml, /associations/{id}/Reservation) on the demo
// data: what each caller sees (anyone: public events only; a homeowner: every event, others'
// reservations as busy time without names, their own ones in full; board and staff: everything,
// declined ones and names too), the day range (400 for bad dates and over 62 days), and the board's
// decision on a tentative reservation: refused for anyone else with nothing changed, recorded with
// the request following, e-mailed to the requester, 409 once decided, exactly one of two decisions
// at once. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, createTestClock, expectErrorShape, signIn, TEST_PUBLIC_URL, testApp, testPasswords, useTestDatabase } from './helpers.ts';
import { databaseFingerprint } from './authz-helpers.ts';
import { associationId } from './billing-helpers.ts';
import { caller, mailTo, otherCompanyManager } from './community-helpers.ts';

const BASE = '/api/associations/associations';
// The test clock's now: the demo's "this month" is March 2026 (New York).
const NOW = new Date('2026-03-02T15:00:00Z');
const SPRING = 'from=2026-03-01&to=2026-04-30';

interface Entry {
  id: string;
  kind: 'event' | 'reservation';
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  status?: string;
  commonArea?: string;
  mine: boolean;
  requestedBy?: string;
  requestId?: number;
  reservationId?: number;
  description?: string;
  decisionNote?: string;
  visibility?: string;
  canDecide: boolean;
}

const PUBLIC_EVENTS = ['Community picnic', 'Community yard sale', 'Annual meeting of the members'];
const ALL_EVENTS = ['Board meeting', 'Community picnic', 'Community yard sale', 'Pool maintenance: pool closed', 'Annual meeting of the members', 'Board meeting'];

describe.each(BACKENDS)('association calendar on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock(NOW);
  let app: FastifyInstance;
  let maple: number;
  let cedar: number;
  const tokens: Record<'home' | 'paid' | 'board' | 'chair' | 'manager' | 'cedarOnly' | 'stranger', string> = {
    home: '', paid: '', board: '', chair: '', manager: '', cedarOnly: '', stranger: '',
  };
  let cedarReservation: number;
  const db = () => database.current.db;

  const calendar = (association: number, query: string, token?: string) => call(app, 'GET', `${BASE}/${association}/Reservation?${query}`, { token });
  const entriesOf = async (association: number, query: string, token?: string): Promise<Entry[]> => {
    const res = await calendar(association, query, token);
    expect(res.status, res.body).toBe(200);
    return res.json.entries;
  };
  const decide = (association: number, reservation: number, token: string, body: unknown) =>
    call(app, 'PUT', `${BASE}/${association}/Reservation/${reservation}`, { token, body });
  const reservationOf = async (subject: string) => {
    const { rows } = await db().query<{ id: number; status: string; decided_by_user_id: number | null; decided_at: Date | string | null; decision_note: string | null }>(
      `SELECT res.id, res.status, res.decided_by_user_id, res.decided_at, res.decision_note FROM reservations res JOIN homeowner_requests r ON r.id = res.request_id WHERE r.subject = $1`,
      [subject],
    );
    return { ...rows[0], id: Number(rows[0].id) };
  };
  const requestStatus = async (subject: string, token: string) => {
    const list = await caller(app, token, '/api/action-items').get('/HomeownerRequests?period=all');
    expect(list.status, list.body).toBe(200);
    return list.json.requests.find((r: { subject: string }) => r.subject === subject).status;
  };

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now });
    maple = await associationId(db(), 'maplegrove');
    cedar = await associationId(db(), 'cedarpoint');
    tokens.home = (await signIn(app, DEMO.homeowner)).token;
    tokens.paid = (await signIn(app, DEMO.paid)).token;
    tokens.board = (await signIn(app, DEMO.board)).token;
    tokens.chair = (await signIn(app, DEMO.chair)).token;
    tokens.manager = (await signIn(app, DEMO.manager)).token;
    tokens.stranger = (await signIn(app, await otherCompanyManager(db()))).token;
    // A homeowner of Cedar Point only, and a reservation there (Cedar Point's own common area).
    const one = async (sql: string, params: unknown[]) => Number((await db().query<{ id: number }>(sql, params)).rows[0].id);
    const cedarOwner = { email: 'owner@cedar.example', password: 'Cedar#2026' };
    const ownerId = await one(
      `INSERT INTO users (management_company_id, email, password_hash, first_name, last_name)
       SELECT management_company_id, $1, $2, 'Casey', 'Shore' FROM associations WHERE id = $3 RETURNING id`,
      [cedarOwner.email, await testPasswords.hash(cedarOwner.password), cedar],
    );
    const account = await one(
      `INSERT INTO accounts (association_id, account_number, owner_user_id, address1, city, state_province, postal_code) VALUES ($1, '200499', $2, '9 Shore Dr', 'Miami', 'FL', '33139') RETURNING id`,
      [cedar, ownerId],
    );
    tokens.cedarOnly = (await signIn(app, cedarOwner)).token;
    const area = await one(`INSERT INTO common_areas (association_id, name) VALUES ($1, 'Rooftop Deck') RETURNING id`, [cedar]);
    const request = await one(
      `INSERT INTO homeowner_requests (account_id, association_id, submitted_by_user_id, kind, subject, description, submitted_at, updated_at)
       VALUES ($1, $2, $3, 'reservation', 'Rooftop dinner', 'Dinner.', now(), now()) RETURNING id`,
      [account, cedar, ownerId],
    );
    cedarReservation = await one(
      `INSERT INTO reservations (common_area_id, request_id, starts_at, ends_at, created_at) VALUES ($1, $2, '2026-03-10T22:00:00Z', '2026-03-11T01:00:00Z', now()) RETURNING id`,
      [area, request],
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows anyone, and people of other associations, only the public events', async () => {
    const res = await calendar(maple, SPRING);
    expect(res.status, res.body).toBe(200);
    expect(res.json).toMatchObject({ associationId: maple, associationName: 'Maple Grove HOA', timeZone: 'America/New_York', canDecide: false, commonAreas: [] });
    expect(res.json.entries.map((e: Entry) => e.title)).toEqual(PUBLIC_EVENTS);
    expect(res.json.entries.every((e: Entry) => e.kind === 'event' && e.visibility === undefined && !e.canDecide)).toBe(true);
    for (const token of [tokens.cedarOnly, tokens.stranger]) {
      expect((await entriesOf(maple, SPRING, token)).map((e) => e.title)).toEqual(PUBLIC_EVENTS);
      expect((await calendar(maple, SPRING, token)).json.commonAreas).toEqual([]);
    }
    // Maple Grove's board is nobody special at Cedar Point.
    const cedarForBoard = await calendar(cedar, SPRING, tokens.board);
    expect(cedarForBoard.json).toMatchObject({ canDecide: false, commonAreas: [], entries: [] });
    expect((await calendar(cedar, SPRING, tokens.cedarOnly)).json.entries.map((e: Entry) => e.title)).toEqual(['Rooftop dinner']);
    const yardSale = res.json.entries.find((e: Entry) => e.title === 'Community yard sale');
    // All day on March 27 and 28, midnight to midnight New York time (EDT from March 8).
    expect(yardSale).toMatchObject({ allDay: true, start: '2026-03-27T04:00:00.000Z', end: '2026-03-29T04:00:00.000Z' });
    expectErrorShape(await calendar(999999, SPRING), 404, 'GP001');
    expectErrorShape(await calendar(maple, SPRING, 'not-a-token'), 401, 'AUTH002');
  });

  it("shows a homeowner every event, others' reservations as busy time without names, and their own in full", async () => {
    const res = await calendar(maple, SPRING, tokens.home);
    expect(res.json.canDecide).toBe(false);
    expect(res.json.commonAreas.map((a: { name: string }) => a.name)).toEqual(['Clubhouse', 'Pool Pavilion', 'Tennis Court']);
    const entries: Entry[] = res.json.entries;
    expect(entries.filter((e) => e.kind === 'event').map((e) => e.title)).toEqual(ALL_EVENTS);
    const reservations = entries.filter((e) => e.kind === 'reservation');
    // autopay's declined Graduation party is not shown; its tentative Reading circle is busy time.
    expect(reservations.map((e) => [e.title, e.status, e.mine])).toEqual([
      ['Clubhouse reserved', 'tentative', false],
      ['Birthday party', 'tentative', true],
      ['Tennis Court reserved', 'tentative', false],
      ['Family reunion', 'confirmed', true],
    ]);
    for (const busy of reservations.filter((e) => !e.mine)) {
      expect(Object.keys(busy).sort()).toEqual(['allDay', 'canDecide', 'commonArea', 'end', 'id', 'kind', 'mine', 'reservationId', 'start', 'status', 'title']);
    }
    const birthday = reservations.find((e) => e.title === 'Birthday party')!;
    expect(birthday).toMatchObject({ commonArea: 'Clubhouse', description: 'A birthday party for about 25 guests.', canDecide: false, id: `reservation-${birthday.reservationId}` });
    expect(birthday.requestId).toBeGreaterThan(0);
    expect(birthday.requestedBy).toBeUndefined();
    // Sorted by start.
    expect(entries.map((e) => e.start)).toEqual([...entries.map((e) => e.start)].sort());
  });

  it('shows the board and management everything, declined reservations and names too', async () => {
    for (const token of [tokens.board, tokens.manager]) {
      const res = await calendar(maple, SPRING, token);
      expect(res.json.canDecide).toBe(true);
      const reservations: Entry[] = res.json.entries.filter((e: Entry) => e.kind === 'reservation');
      expect(reservations.map((e) => [e.title, e.status, e.requestedBy, e.canDecide])).toEqual([
        ['Reading circle', 'tentative', 'Avery Patel', true],
        ['Birthday party', 'tentative', 'Jordan Rivera', true],
        ['Tennis doubles', 'tentative', 'Morgan Lee', true],
        ['Graduation party', 'declined', 'Avery Patel', false],
        ['Family reunion', 'confirmed', 'Jordan Rivera', false],
      ]);
      expect(reservations.find((e) => e.status === 'declined')).toMatchObject({ decisionNote: 'The pavilion is being resurfaced that week. Please choose another date.' });
      expect(res.json.entries.filter((e: Entry) => e.kind === 'event')).toHaveLength(6);
    }
  });

  it('answers only the days asked for and refuses bad ranges', async () => {
    // One day: March 5 (the Birthday party and the Tennis doubles, 2 to 6 pm).
    expect((await entriesOf(maple, 'from=2026-03-05&to=2026-03-05', tokens.board)).map((e) => e.title)).toEqual(['Birthday party', 'Tennis doubles']);
    // An entry overlapping the range's edge is in it; one ending at its start is not.
    expect((await entriesOf(maple, 'from=2026-03-20&to=2026-03-27')).map((e) => e.title)).toEqual(['Community picnic', 'Community yard sale']);
    expect((await entriesOf(maple, 'from=2026-03-28&to=2026-03-28')).map((e) => e.title)).toEqual(['Community yard sale']);
    expect(await entriesOf(maple, 'from=2026-03-29&to=2026-04-09')).toEqual([]);
    // 62 days apart is the most.
    expect((await calendar(maple, 'from=2026-03-01&to=2026-05-02')).status).toBe(200);
    const tooLong = await calendar(maple, 'from=2026-03-01&to=2026-05-03');
    expectErrorShape(tooLong, 400, 'CAL002');
    expect(tooLong.json.detail).toBe('The calendar shows at most 62 days at a time; 2026-03-01 to 2026-05-03 is 63 days apart.');
    for (const query of ['from=2026-02-30&to=2026-03-05', 'from=2026-03-05&to=2026-03-04', 'from=2026-13-01&to=2026-13-02']) {
      const res = await calendar(maple, query, tokens.home);
      expectErrorShape(res, 400, 'CAL001');
      expect(res.json.detail).toBe('Enter the days as real dates (YYYY-MM-DD), the last one not before the first.');
    }
    for (const query of ['from=2026-3-1&to=2026-03-05', 'from=2026-03-01', 'to=2026-03-01', 'from=soon&to=later']) expectErrorShape(await calendar(maple, query), 400, 'VAL001');
  });

  it('refuses a decision from anyone but the board and staff of the reservation\'s association, and bad input, changing nothing', async () => {
    const readingCircle = await reservationOf('Reading circle');
    const before = await databaseFingerprint(db());
    // Homeowners of the association (the requester too) and strangers: the association is not theirs to decide for.
    for (const token of [tokens.home, tokens.paid, tokens.cedarOnly, tokens.stranger]) {
      expectErrorShape(await decide(maple, readingCircle.id, token, { status: 'confirmed' }), 404, 'GP001');
    }
    expectErrorShape(await call(app, 'PUT', `${BASE}/${maple}/Reservation/${readingCircle.id}`, { body: { status: 'confirmed' } }), 401, 'AUTH002');
    // Maple Grove's board at Cedar Point, and a Cedar Point reservation named through Maple Grove.
    expectErrorShape(await decide(cedar, cedarReservation, tokens.board, { status: 'confirmed' }), 404, 'GP001');
    expectErrorShape(await decide(maple, cedarReservation, tokens.board, { status: 'confirmed' }), 404, 'RSV404');
    expectErrorShape(await decide(maple, cedarReservation, tokens.manager, { status: 'declined' }), 404, 'RSV404');
    expectErrorShape(await decide(maple, 999999, tokens.board, { status: 'confirmed' }), 404, 'RSV404');
    // Bad bodies.
    for (const body of [{ status: 'tentative' }, { status: 'maybe' }, {}, { status: 'confirmed', note: 'x'.repeat(501) }, { status: 'confirmed', extra: 1 }]) {
      expectErrorShape(await decide(maple, readingCircle.id, tokens.board, body), 400, 'VAL001');
    }
    expect(await databaseFingerprint(db())).toEqual(before);
    expect(await mailTo(db(), 'autopay@example.com')).toEqual([]);
  });

  it('lets the board confirm a tentative reservation: recorded, the request follows, the requester is e-mailed; a second decision is 409', async () => {
    const readingCircle = await reservationOf('Reading circle');
    const board = await signIn(app, DEMO.board);
    clock.advance(60_000);
    const res = await decide(maple, readingCircle.id, tokens.board, { status: 'confirmed', note: '  Please return the key to the office.  ' });
    expect(res.status, res.body).toBe(200);
    expect(res.json).toMatchObject({
      id: `reservation-${readingCircle.id}`, kind: 'reservation', title: 'Reading circle', status: 'confirmed', commonArea: 'Clubhouse', requestedBy: 'Avery Patel',
      decisionNote: 'Please return the key to the office.', canDecide: false, mine: false, start: '2026-03-03T15:00:00.000Z', end: '2026-03-03T17:00:00.000Z',
    });
    const stored = await reservationOf('Reading circle');
    expect(stored).toMatchObject({ status: 'confirmed', decided_by_user_id: board.userId, decision_note: 'Please return the key to the office.' });
    expect(new Date(stored.decided_at!).toISOString()).toBe(clock.now().toISOString());
    expect(await requestStatus('Reading circle', tokens.manager)).toBe('confirmed');
    const mails = await mailTo(db(), 'autopay@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your reservation of the Clubhouse was confirmed');
    expect(mails[0].text).toContain('Maple Grove HOA confirmed your reservation of the Clubhouse ("Reading circle")');
    expect(mails[0].text).toContain('Tuesday, March 3, 2026, from 10:00 AM to 12:00 PM Eastern Time');
    expect(mails[0].text).toContain('Please return the key to the office.');
    // An absolute link to the request the reservation was asked for, selecting its property.
    const request = (await caller(app, tokens.manager, '/api/action-items').get('/HomeownerRequests?period=all')).json.requests.find((r: { subject: string }) => r.subject === 'Reading circle');
    expect(mails[0].text).toContain(`See it in the portal: ${TEST_PUBLIC_URL}/community/requests/${request.id}?accountNumber=${request.accountNumber}`);

    const before = await databaseFingerprint(db());
    for (const [token, status] of [[tokens.chair, 'declined'], [tokens.manager, 'confirmed']] as const) {
      const again = await decide(maple, readingCircle.id, token, { status });
      expectErrorShape(again, 409, 'RSV001');
      expect(again.json.detail).toBe('This reservation was already confirmed.');
    }
    expect(await databaseFingerprint(db())).toEqual(before);
    expect(await mailTo(db(), 'autopay@example.com')).toHaveLength(1);
  });

  it("lets management staff decline one: the homeowner sees their declined reservation with the note, and the slot is free again", async () => {
    const birthday = await reservationOf('Birthday party');
    const res = await decide(maple, birthday.id, tokens.manager, { status: 'declined', note: 'The clubhouse floor is being refinished that day.' });
    expect(res.status, res.body).toBe(200);
    expect(res.json).toMatchObject({ status: 'declined', requestedBy: 'Jordan Rivera', canDecide: false });
    const own = (await entriesOf(maple, SPRING, tokens.home)).find((e) => e.reservationId === birthday.id);
    expect(own).toMatchObject({ title: 'Birthday party', status: 'declined', mine: true, decisionNote: 'The clubhouse floor is being refinished that day.' });
    expect(own?.requestedBy).toBeUndefined();
    // Other homeowners no longer see it at all.
    expect((await entriesOf(maple, SPRING, tokens.paid)).some((e) => e.reservationId === birthday.id)).toBe(false);
    expect(await requestStatus('Birthday party', tokens.home)).toBe('declined');
    const mails = await mailTo(db(), 'homeowner@example.com');
    expect(mails.map((m) => m.subject)).toEqual(['Your reservation of the Clubhouse was declined']);
    expect(mails[0].text).toContain('The clubhouse floor is being refinished that day.');
    const again = await decide(maple, birthday.id, tokens.board, { status: 'confirmed' });
    expectErrorShape(again, 409, 'RSV001');
    expect(again.json.detail).toBe('This reservation was already declined.');
  });

  it('stores exactly one of two decisions sent at once', async () => {
    const doubles = await reservationOf('Tennis doubles');
    const answers = await Promise.all([
      decide(maple, doubles.id, tokens.board, { status: 'confirmed' }),
      decide(maple, doubles.id, tokens.chair, { status: 'declined', note: null }),
    ]);
    expect(answers.map((a) => a.status).sort(), answers.map((a) => a.body).join('\n')).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!;
    expect(await reservationOf('Tennis doubles')).toMatchObject({ status: winner.json.status, decision_note: null });
    const mails = await mailTo(db(), 'paid@example.com');
    expect(mails.map((m) => m.subject)).toEqual([`Your reservation of the Tennis Court was ${winner.json.status}`]);
  });
});
