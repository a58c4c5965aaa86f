// Registration by account number + zip and by registration key; manual account requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, count, expectErrorShape, signIn, testApp, uniqueEmail, useTestDatabase } from './helpers.ts';

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
    expectErrorShape(await call(app, 'POST', `${REG}/accountNumber`, { body: { ...me, accountNumber: '100236', zip: '99999' } }), 404, 'REG001');
    expectErrorShape(await call(app, 'POST', `${REG}/accountNumber`, { body: { ...me, accountNumber: '999999', zip: '30301' } }), 404, 'REG001');
    const notFound = await call(app, 'POST', `${REG}/accountNumber`, { body: { ...me, accountNumber: '999999', zip: '30301' } });
    expect(notFound.json.detail).toBe('We could not find an account with those details.');
    expectErrorShape(await call(app, 'POST', `${REG}/accountNumber`, { body: { ...me, accountNumber: '100236' } }), 400, 'VAL001');
    const res = await call(app, 'POST', `${REG}/accountNumber`, { body: { ...me, accountNumber: '100236', zip: '30301' } });
    expect(res.status, res.body).toBe(201);
    expect(res.json).toEqual({ userId: expect.any(Number) });
    const session = await signIn(app, me);
    expect(session.userId).toBe(res.json.userId);
    const accounts = (await call(app, 'GET', '/api/payments/Account', { token: session.token })).json.accounts;
    expect(accounts).toEqual([
      expect.objectContaining({ accountNumber: '100236', associationName: 'Maple Grove HOA', currentBalanceCents: 12000, blocked: true }),
    ]);
    // portalEnabled=true leaves out accounts whose payments are blocked.
    expect((await call(app, 'GET', '/api/payments/Account?portalEnabled=true', { token: session.token })).json.accounts).toEqual([]);
    // The same account cannot be registered twice.
    expectErrorShape(await call(app, 'POST', `${REG}/accountNumber`, { body: { ...person(), accountNumber: '100236', zip: '30301' } }), 409, 'REG002');
  });

  it('registers with a registration key; refuses a used key and an e-mail in use', async () => {
    expectErrorShape(await call(app, 'POST', `${REG}/registrationKey`, { body: { ...person(), registrationKey: 'NOPE-KEY' } }), 404, 'REG001');
    expectErrorShape(await call(app, 'POST', `${REG}/registrationKey`, { body: { ...person(DEMO.paid.email), registrationKey: 'MG-REG-2026' } }), 409, 'REG003');
    const usersBefore = await count(database.current.db, 'users');
    const me = person();
    const res = await call(app, 'POST', `${REG}/registrationKey`, { body: { ...me, registrationKey: 'mg-reg-2026' } });
    expect(res.status, res.body).toBe(201);
    expect(await count(database.current.db, 'users')).toBe(usersBefore + 1);
    const session = await signIn(app, me);
    const settings = (await call(app, 'GET', '/api/users/HomeSettings', { token: session.token })).json;
    expect(settings.userSettings.associations[0].properties[0]).toMatchObject({ accountNumber: '100237', ownerId: res.json.userId });
    expectErrorShape(await call(app, 'POST', `${REG}/registrationKey`, { body: { ...person(), registrationKey: 'MG-REG-2026' } }), 409, 'REG002');
    expectErrorShape(await call(app, 'POST', `${REG}/registrationKey`, { body: { ...person() } }), 400, 'VAL001');
    expectErrorShape(await call(app, 'POST', `${REG}/somethingElse`, { body: { ...person(), registrationKey: 'MG-REG-2026' } }), 400, 'VAL001');
    expectErrorShape(await call(app, 'POST', `${REG}/registrationKey`, { body: { ...person(), password: '12345', registrationKey: 'X' } }), 400, 'VAL001');
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
    const res = await call(app, 'POST', REG, { body });
    expect(res.status, res.body).toBe(201);
    const { rows } = await database.current.db.query<Record<string, unknown>>('SELECT * FROM account_requests WHERE id = $1', [res.json.requestId]);
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
    expectErrorShape(await call(app, 'POST', REG, { body: { ...body, associationName: '' } }), 400, 'VAL001');
    expectErrorShape(await call(app, 'POST', REG, { body: { ...body, email: 'not-an-email' } }), 400, 'VAL001');
  });
});
