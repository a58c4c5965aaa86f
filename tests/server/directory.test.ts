// The resident directory (GET /api/associations/{id}/Residents): who may read it, and of each
// resident only the fields their directory preferences show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, clients, dataOf, expectErrorShape, signIn, testApp, uniqueEmail, useTestDatabase } from './helpers.ts';
import { associationId } from './billing-helpers.ts';
import { DEMO_RESIDENT_PASSWORD, DEMO_RESIDENTS, residentEmail } from '../../server/demo/profile.ts';

interface Resident {
  name: string;
  phone?: string;
  email?: string;
  mailingAddress?: string;
  address?: string;
  title?: string;
}

describe.each(BACKENDS)('resident directory on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  let maple: number;
  let cedar: number;
  let home: string;
  const db = () => database.current.db;

  beforeAll(async () => {
    app = await testApp(database.current.db);
    maple = await associationId(db(), 'maplegrove');
    cedar = await associationId(db(), 'cedarpoint');
    home = (await signIn(app, DEMO.homeowner)).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  async function residents(token: string, association = maple, query = ''): Promise<Resident[]> {
    const res = await call(app, 'GET', `/api/associations/associations/${association}/Residents${query}`, { token });
    expect(res.status, res.body).toBe(200);
    return res.json.residents as Resident[];
  }
  const named = (list: Resident[], name: string) => list.find((r) => r.name === name);

  it('shows each resident only what they chose; never set is name only; a hidden name is not listed', async () => {
    const list = await residents(home);
    expect(named(list, 'Priya Shah')).toEqual({
      name: 'Priya Shah',
      phone: '(404) 555-0140',
      email: 'priya.shah@example.com',
      mailingAddress: '500 Maple Grove Lane, Atlanta, GA 30301',
      address: '500 Maple Grove Lane, Atlanta, GA 30301',
      title: 'Treasurer',
    });
    expect(named(list, 'Sofia Alvarez')).toMatchObject({ mailingAddress: 'PO Box 1142, Atlanta, GA 30302', address: '504 Maple Grove Lane, Atlanta, GA 30301' });
    expect(named(list, 'Marcus Johnson')).toEqual({ name: 'Marcus Johnson' });
    expect(named(list, 'Emily Nguyen')).toEqual({ name: 'Emily Nguyen' }); // a title, not shown
    expect(named(list, 'Omar Haddad')).toEqual({ name: 'Omar Haddad' }); // never chose
    expect(named(list, 'Grace Wallace')).toEqual({ name: 'Grace Wallace', email: 'grace.wallace@example.com' });
    expect(named(list, 'Lucas Fischer')).toEqual({
      name: 'Lucas Fischer',
      phone: '(404) 555-0147',
      mailingAddress: '514 Maple Grove Lane, Atlanta, GA 30301',
      address: '514 Maple Grove Lane, Atlanta, GA 30301',
    });
    expect(named(list, 'Ben Carter')).not.toHaveProperty('title');
    expect(list.some((r) => r.name.includes('Novak'))).toBe(false);
    // Owners who never chose (paid@, autopay@) are there by name only; the demo homeowner shows phone and e-mail.
    expect(named(list, 'Morgan Lee')).toEqual({ name: 'Morgan Lee' });
    expect(named(list, 'Jordan Rivera')).toEqual({ name: 'Jordan Rivera', phone: '(404) 555-0134', email: DEMO.homeowner.email });
    // Not owners at Maple Grove: staff, board without property, Cedar Point only.
    for (const name of ['Riley Chen', 'Taylor Brooks', 'Sam Ortiz']) expect(named(list, name)).toBeUndefined();
    // Sorted by last name.
    const lasts = list.map((r) => r.name.split(' ').slice(-1)[0]);
    expect(lasts).toEqual([...lasts].sort((a, b) => a.localeCompare(b)));
    // No hidden value anywhere in the answer.
    const raw = (await call(app, 'GET', `/api/associations/associations/${maple}/Residents`, { token: home })).body;
    for (const hidden of ['555-0143', '555-0145', 'hannah', 'Novak', 'Secretary', 'Landscaping', 'marcus.johnson', '510 Maple', 'paid@example.com']) expect(raw).not.toContain(hidden);
  });

  it('searches names and sorts by address with hidden addresses last', async () => {
    expect((await residents(home, maple, '?search=SHAH')).map((r) => r.name)).toEqual(['Priya Shah']);
    expect((await residents(home, maple, '?search=priya%20s')).map((r) => r.name)).toEqual(['Priya Shah']);
    expect(await residents(home, maple, '?search=%25')).toEqual([]);
    expect(await residents(home, maple, '?search=Novak')).toEqual([]);
    const byAddress = await residents(home, maple, '?sort=address');
    const withAddress = byAddress.filter((r) => r.address);
    expect(withAddress.map((r) => r.name)).toEqual(['Priya Shah', 'Daniel Kim', 'Sofia Alvarez', 'Lucas Fischer', 'Ben Carter']);
    expect(byAddress.slice(0, withAddress.length)).toEqual(withAddress);
  });

  it('turning phone visibility off removes the phone; turning all on shows the primary contacts', async () => {
    const priya = await signIn(app, { email: residentEmail(DEMO_RESIDENTS[0]), password: DEMO_RESIDENT_PASSWORD });
    await dataOf(clients(app, priya.token).users.updatePreferences(priya.userId, { directory: { phone: false } }), 200);
    expect(named(await residents(home), 'Priya Shah')).not.toHaveProperty('phone');
    const raw = (await call(app, 'GET', `/api/associations/associations/${maple}/Residents`, { token: home })).body;
    expect(raw).not.toContain('555-0140');
    await dataOf(clients(app, priya.token).users.updatePreferences(priya.userId, { directory: { phone: true, name: false } }), 200);
    expect(named(await residents(home), 'Priya Shah')).toBeUndefined();
    await dataOf(clients(app, priya.token).users.updatePreferences(priya.userId, { directory: { name: true }, directoryTitle: null }), 200);
    expect(named(await residents(home), 'Priya Shah')).toMatchObject({ phone: '(404) 555-0140' });
    expect(named(await residents(home), 'Priya Shah')).not.toHaveProperty('title');
  });

  it('is for homeowners, board and staff of that association only', async () => {
    const board = (await signIn(app, DEMO.board)).token;
    const manager = (await signIn(app, DEMO.manager)).token;
    expect((await residents(board)).length).toBeGreaterThan(5);
    expect((await residents(manager)).length).toBeGreaterThan(5);
    expect((await residents(home, cedar)).map((r) => r.name)).toEqual(['Morgan Lee', 'Sam Ortiz', 'Jordan Rivera']);
    // A homeowner of Cedar Point only (registered here) may not read Maple Grove's.
    const email = uniqueEmail('cedar');
    await db().query(`UPDATE accounts SET owner_user_id = NULL WHERE account_number = '200415'`);
    const { rows } = await db().query<{ id: number }>(
      `INSERT INTO users (management_company_id, email, password_hash, first_name, last_name)
       SELECT management_company_id, $1, password_hash, 'Cedar', 'Owner' FROM users WHERE email = $2 RETURNING id`,
      [email, DEMO.homeowner.email],
    );
    await db().query(`UPDATE accounts SET owner_user_id = $1 WHERE account_number = '200415'`, [rows[0].id]);
    const cedarOwner = (await signIn(app, { email, password: DEMO.homeowner.password })).token;
    expect((await residents(cedarOwner, cedar)).length).toBeGreaterThan(0);
    const before = JSON.stringify((await db().query('SELECT * FROM directory_preferences ORDER BY user_id')).rows);
    expectErrorShape(await call(app, 'GET', `/api/associations/associations/${maple}/Residents`, { token: cedarOwner }), 404, 'GP001');
    // Maple Grove's board member has nothing at Cedar Point.
    expectErrorShape(await call(app, 'GET', `/api/associations/associations/${cedar}/Residents`, { token: board }), 404, 'GP001');
    expect(JSON.stringify((await db().query('SELECT * FROM directory_preferences ORDER BY user_id')).rows)).toBe(before);
    expectErrorShape(await call(app, 'GET', `/api/associations/associations/${maple}/Residents`), 401, 'AUTH002');
    expectErrorShape(await call(app, 'GET', `/api/associations/associations/999999/Residents`, { token: home }), 404, 'GP001');
  });
});
