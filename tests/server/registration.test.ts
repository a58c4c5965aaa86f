// Registration by account number + zip and by registration key; manual account requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, count, expectErrorShape, signIn, testApp, uniqueEmail, useTestDatabase, clients, expectStatus, dataOf } from './helpers.ts';

const REG = '/api/users/Homeowner/Registration';

describe.each(BACKENDS)('registration on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp(database.current.db);
  });
  afterAll(async () => {
    await app?.close();
  });

  const person = (email = uniqueEmail('reg')) => ({ email, password: 'Secret#2026', firstName: 'Alex', lastName: 'Kim' });

  it('registers with account number and property zip, then the account is the new user’s', async () => {
    const me = person();
    expectErrorShape(await clients(app).users.registerHomeowner('accountNumber', { ...me, accountNumber: '100236', zip: '99999' }), 404, 'REG001');
    expectErrorShape(await clients(app).users.registerHomeowner('accountNumber', { ...me, accountNumber: '999999', zip: '30301' }), 404, 'REG001');
    const notFound = await clients(app).users.registerHomeowner('accountNumber', { ...me, accountNumber: '999999', zip: '30301' });
    expectStatus(notFound, 404);
    expect(notFound.data.detail).toBe('We could not find an account with those details.');
    expectErrorShape(await clients(app).users.registerHomeowner('accountNumber', { ...me, accountNumber: '100236' }), 400, 'VAL001');
    const res = await clients(app).users.registerHomeowner('accountNumber', { ...me, accountNumber: '100236', zip: '30301' });
    expectStatus(res, 201);
    expect(res.data).toEqual({ userId: expect.any(Number) });
    const session = await signIn(app, me);
    expect(session.userId).toBe(res.data.userId);
    const { accounts } = await dataOf(clients(app, session.token).payments.getAccounts(), 200);
    expect(accounts).toEqual([
      expect.objectContaining({ accountNumber: '100236', associationName: 'Maple Grove HOA', currentBalanceCents: 12000, blocked: true }),
    ]);
    // portalEnabled=true leaves out accounts whose payments are blocked.
    expect((await dataOf(clients(app, session.token).payments.getAccounts({ portalEnabled: true }), 200)).accounts).toEqual([]);
    // The same account cannot be registered twice.
    expectErrorShape(await clients(app).users.registerHomeowner('accountNumber', { ...person(), accountNumber: '100236', zip: '30301' }), 409, 'REG002');
  });

  it('registers with a registration key; refuses a used key and an e-mail in use', async () => {
    expectErrorShape(await clients(app).users.registerHomeowner('registrationKey', { ...person(), registrationKey: 'NOPE-KEY' }), 404, 'REG001');
    expectErrorShape(await clients(app).users.registerHomeowner('registrationKey', { ...person(DEMO.paid.email), registrationKey: 'MG-REG-2026' }), 409, 'REG003');
    const usersBefore = await count(database.current.db, 'users');
    const me = person();
    const res = await clients(app).users.registerHomeowner('registrationKey', { ...me, registrationKey: 'mg-reg-2026' });
    expectStatus(res, 201);
    expect(await count(database.current.db, 'users')).toBe(usersBefore + 1);
    const session = await signIn(app, me);
    const settings = await dataOf(clients(app, session.token).users.getHomeSettings(), 200);
    expect(settings.userSettings.associations[0].properties[0]).toMatchObject({ accountNumber: '100237', ownerId: res.data.userId });
    expectErrorShape(await clients(app).users.registerHomeowner('registrationKey', { ...person(), registrationKey: 'MG-REG-2026' }), 409, 'REG002');
    expectErrorShape(await clients(app).users.registerHomeowner('registrationKey', { ...person() }), 400, 'VAL001');
    expectErrorShape(await call(app, 'POST', `${REG}/somethingElse`, { body: { ...person(), registrationKey: 'MG-REG-2026' } }), 400, 'VAL001');
    expectErrorShape(await clients(app).users.registerHomeowner('registrationKey', { ...person(), password: '12345', registrationKey: 'X' }), 400, 'VAL001');
  });

  it('stores a manual account request for staff', async () => {
    const body = {
      firstName: 'Sam',
      lastName: 'Taylor',
      email: 'Sam.Taylor@Example.org',
      phone: '(404) 555-0100',
      associationName: 'Maple Grove HOA',
      address: '500 Maple Grove Lane, Atlanta, GA 30301',
      message: 'I bought the house in May.',
    };
    const res = await clients(app).users.requestAccount(body);
    expectStatus(res, 201);
    const { rows } = await database.current.db.query<Record<string, unknown>>('SELECT * FROM account_requests WHERE id = $1', [res.data.requestId]);
    expect(rows[0]).toMatchObject({
      first_name: 'Sam',
      last_name: 'Taylor',
      email: 'sam.taylor@example.org',
      phone: '(404) 555-0100',
      association_name: 'Maple Grove HOA',
      address: body.address,
      account_number: null,
      message: body.message,
      status: 'new',
    });
    expectErrorShape(await clients(app).users.requestAccount({ ...body, associationName: '' }), 400, 'VAL001');
    expectErrorShape(await clients(app).users.requestAccount({ ...body, email: 'not-an-email' }), 400, 'VAL001');
  });
});
