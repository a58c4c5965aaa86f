// Bad input gets a 4xx in the error shape and writes nothing; errors never leak internals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, count, expectErrorShape, signIn, testApp, useTestDatabase } from './helpers.ts';
import { defaultHandlers } from '../../server/handlers/index.ts';

const REQUEST_ACCOUNT = '/api/users/Homeowner/Registration';
const valid = { firstName: 'Sam', lastName: 'Lee', email: 'sam@example.org', associationName: 'Maple Grove HOA', address: '1 Main St' };

describe.each(BACKENDS)('bad input on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  let logged = '';
  beforeAll(async () => {
    const handlers = defaultHandlers();
    handlers.getSecurity = async () => {
      throw new Error('database password is hunter2 at /srv/secret.ts');
    };
    const stream = { write: (line: string) => void (logged += line) };
    app = await testApp(database.current.db, { handlers, logger: { level: 'error', stream } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses malformed JSON, wrong types, unknown fields, missing fields, oversized and non-JSON bodies, and writes nothing', async () => {
    const before = await count(database.current.db, 'account_requests');
    const usersBefore = await count(database.current.db, 'users');
    const cases: [string, Parameters<typeof call>[3], number, string][] = [
      ['malformed JSON', { body: '{"firstName": "Sam",' }, 400, 'REQ001'],
      ['empty JSON body', { body: '', headers: { 'content-type': 'application/json' } }, 400, 'REQ001'],
      ['no body', {}, 400, 'REQ001'],
      ['JSON null', { body: 'null' }, 400, 'REQ001'],
      ['array body', { body: [valid] }, 400, 'VAL001'],
      ['wrong type', { body: { ...valid, firstName: 42 } }, 400, 'VAL001'],
      ['number as string is not coerced', { body: { ...valid, accountNumber: 100234 } }, 400, 'VAL001'],
      ['unknown field', { body: { ...valid, isAdmin: true } }, 400, 'VAL001'],
      ['missing field', { body: { ...valid, address: undefined } }, 400, 'VAL001'],
      ['prototype poisoning', { body: '{"firstName":"a","__proto__":{"x":1}}' }, 400, 'REQ001'],
      ['oversized body', { body: { ...valid, message: 'x'.repeat(150 * 1024) } }, 413, 'REQ002'],
      ['text/plain', { body: JSON.stringify(valid), headers: { 'content-type': 'text/plain' } }, 415, 'REQ003'],
      ['form encoded', { body: 'firstName=Sam', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 415, 'REQ003'],
    ];
    for (const [name, options, status, code] of cases) {
      const res = await call(app, 'POST', REQUEST_ACCOUNT, options);
      try {
        expectErrorShape(res, status, code);
      } catch (error) {
        throw new Error(`${name}: ${(error as Error).message}`, { cause: error });
      }
    }
    const unknownField = await call(app, 'POST', REQUEST_ACCOUNT, { body: { ...valid, isAdmin: true } });
    expect(unknownField.json.detail).toBe("The request body has an unknown field 'isAdmin'.");
    const sneaky = await call(app, 'POST', '/api/users/Homeowner/Registration/registrationKey', {
      body: { email: 'x@example.org', password: 'Secret#1', firstName: 'X', lastName: 'Y', registrationKey: 'MG-REG-2026', role: 'admin' },
    });
    expectErrorShape(sneaky, 400, 'VAL001');
    expect(await count(database.current.db, 'account_requests')).toBe(before);
    expect(await count(database.current.db, 'users')).toBe(usersBefore);
    // The same body without the problems is accepted.
    expect((await call(app, 'POST', REQUEST_ACCOUNT, { body: valid })).status).toBe(201);
  });

  it('answers a failing handler with a 500, an errorId that is logged, and no internals', async () => {
    const { token } = await signIn(app, DEMO.homeowner);
    const res = await call(app, 'GET', '/api/users/Security', { token });
    expectErrorShape(res, 500);
    expect(res.json.detail).toBe('We apologize. There was an error from the server. You might need to try again later.');
    expect(res.json.errorId).toMatch(/^[0-9A-F]{12}$/);
    expect(res.body).not.toMatch(/hunter2|secret\.ts|Error:/);
    expect(logged).toContain(res.json.errorId);
    expect(logged).toContain('hunter2');
  });

  it('answers unknown API addresses and methods in the error shape', async () => {
    expectErrorShape(await call(app, 'GET', '/api/users/Nope'), 404);
    expectErrorShape(await call(app, 'DELETE', '/api/users/HomeSettings'), 404);
    expectErrorShape(await call(app, 'GET', '/api'), 404);
    // A path parameter that is not an integer is a 400, not a 500.
    const { token } = await signIn(app, DEMO.homeowner);
    expectErrorShape(await call(app, 'GET', '/api/users/Users/1.5', { token }), 400, 'VAL001');
    expectErrorShape(await call(app, 'GET', '/api/users/Users/99999999999999999999', { token }), 403);
  });

  it('a NUL byte is answered 400', async () => {
    const { token } = await signIn(app, DEMO.paid, '10.7.0.1');
    const before = await count(database.current.db, 'account_requests');
    const cases: [string, string, string, Parameters<typeof call>[3]][] = [
      ['path parameter', 'POST', '/api/payments/PaymentMethod/Setup/%00/Confirm', { token, body: {} }],
      ['path parameter, signed out', 'POST', '/api/payments/PaymentMethod/Setup/%00/Confirm', { body: {} }],
      ['escape in a path parameter', 'GET', '/api/payments/PaymentMethod/pm_%1B%5B31m', { token }],
      ['query parameter', 'GET', '/api/guest-pay/configuration?associationCode=maple%00grove', {}],
      ['header used as input', 'POST', '/api/payments/PaymentMethod/Setup/seti_1/Confirm', { token, body: {}, headers: { 'idempotency-key': 'key\u0000one' } }],
      ['body string', 'POST', REQUEST_ACCOUNT, { body: { ...valid, firstName: 'Sam\u0000' } }],
      ['nested body string', 'POST', REQUEST_ACCOUNT, { body: { ...valid, address: '1 Main St\u0007' } }],
      ['body key', 'POST', REQUEST_ACCOUNT, { body: `{"firstName":"Sam","lastName":"Lee","email":"sam@example.org","associationName":"A","address":"1","x\\u0000":1}` }],
      ['sign-in e-mail', 'POST', '/api/users/Users/Authenticate', { body: { email: 'homeowner@example.com\u0000', password: 'x' } }],
    ];
    for (const [what, method, url, options] of cases) {
      const res = await call(app, method as 'GET', url, options);
      expectErrorShape(res, 400, 'VAL001');
      expect(res.json.detail, what).toMatch(/control character/);
    }
    expect(await count(database.current.db, 'account_requests')).toBe(before);
    // Line breaks and tabs in a body string are text, not control input.
    const multiLine = await call(app, 'POST', REQUEST_ACCOUNT, { body: { ...valid, message: 'First line\nSecond line\twith a tab' } });
    expect(multiLine.status, multiLine.body).toBe(201);
  });
});
