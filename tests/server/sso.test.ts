// Single sign-on: declared in openapi/users.yaml, answering 501 SSO001 until a provider exists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, count, expectErrorShape, testApp, useTestDatabase, clients, expectStatus } from './helpers.ts';

const SSO = '/api/users/Users/AuthenticateSSO';

describe.each(BACKENDS)('single sign-on on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp(database.current.db);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 501 SSO001 in the error shape, issues no session and changes nothing', async () => {
    const users = await count(database.current.db, 'users');
    const res = await clients(app).users.authenticateSSO({ token: 'assertion-from-an-identity-provider', company: 'summit' });
    expectErrorShape(res, 501, 'SSO001');
    expect(res.data).toEqual({ status: 501, title: 'Not Implemented', detail: 'Single sign-on is not configured for this portal.', errorCode: 'SSO001' });
    expect(JSON.stringify(res.data)).not.toContain('token"');
    expect(await count(database.current.db, 'users')).toBe(users);
  });

  it('validates the body first: a missing or unknown field is 400 VAL001', async () => {
    // Bodies the contract does not allow: only the untyped call can send them.
    expectErrorShape(await call(app, 'POST', SSO, { body: {} }), 400, 'VAL001');
    expectErrorShape(await call(app, 'POST', SSO, { body: { token: 'x', role: 'admin' } }), 400, 'VAL001');
    expectErrorShape(await clients(app).users.authenticateSSO({ token: '' }), 400, 'VAL001');
  });

  it('is its own route: password sign-in at /Users/Authenticate still works', async () => {
    const res = await clients(app).users.authenticate(DEMO.homeowner);
    expectStatus(res, 200);
    expect(typeof res.data.token).toBe('string');
  });
});
