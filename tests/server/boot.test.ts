// Boot: the contract (openapi/*.yaml) and the handler map must match one to one.
import { describe, expect, it } from 'vitest';
import { buildApp, checkHandlers } from '../../server/app.ts';
import { defaultHandlers } from '../../server/handlers/index.ts';
import { loadOpenApiDir, toFastifyUrl, parseOpenApi } from '../../server/openapi/load.ts';
import { repoRoot } from '../../server/app.ts';
import path from 'node:path';

const EXPECTED = {
  users: [
    'authenticate',
    'createPortalToken',
    'logout',
    'authenticateSSO',
    'getUser',
    'changePassword',
    'getProfileConfiguration',
    'requestOneTimePassword',
    'verifyOneTimePassword',
    'resetPassword',
    'getSecurity',
    'getHomeSettings',
    'registerHomeowner',
    'requestAccount',
  ],
  payments: [
    'getAccounts',
    // signed-in payments (tests/server/billing-*.test.ts)
    'getPaymentOptions',
    'listPaymentMethods',
    'setupPaymentMethod',
    'confirmPaymentMethodSetup',
    'getPaymentMethod',
    'deletePaymentMethod',
    'listPayments',
    'setupPayment',
    'cancelPaymentSetup',
    'updatePaymentSetup',
    'confirmPayment',
    'listFuturePayments',
    'setupFuturePayment',
    'confirmFuturePayment',
    'cancelFuturePayment',
    'updateFuturePayment',
    'getLedger',
    'getRecentPayments',
    'getCharges',
  ],
};

describe('boot', () => {
  it('fails with a clear message when an operation has no handler (before opening any database)', async () => {
    const handlers = defaultHandlers();
    delete handlers.getSecurity;
    await expect(buildApp({ handlers, dataDir: '/nonexistent/should-not-be-created', logger: false })).rejects.toThrow(
      /operation 'getSecurity' \(GET \/api\/users\/Security.*\) has no handler/,
    );
  });

  it('fails when a handler has no operation', async () => {
    const handlers = { ...defaultHandlers(), deleteEverything: async () => ({ status: 204 }) };
    await expect(buildApp({ handlers, logger: false })).rejects.toThrow(/handler 'deleteEverything' has no operation/);
  });

  it('loads every operation with its base path, roles and a unique operationId', async () => {
    const docs = await loadOpenApiDir(path.join(repoRoot, 'openapi'));
    const byGroup = Object.fromEntries(docs.map((d) => [d.group, d.operations.map((o) => o.operationId)]));
    expect(byGroup.users.sort()).toEqual([...EXPECTED.users].sort());
    expect(byGroup.payments).toEqual(EXPECTED.payments);
    const ops = docs.flatMap((d) => d.operations);
    const url = (id: string) => ops.find((o) => o.operationId === id)!;
    expect(url('changePassword')).toMatchObject({ method: 'PUT', url: '/api/users/Users/Password/', roles: ['user'] });
    expect(url('getUser').url).toBe('/api/users/Users/:id');
    expect(url('registerHomeowner').url).toBe('/api/users/Homeowner/Registration/:method');
    expect(url('getAccounts')).toMatchObject({ method: 'GET', url: '/api/payments/Account', roles: ['user'] });
    expect(url('authenticate').roles).toEqual(['public']);
    for (const op of ops) {
      if (op.body) expect(op.body.schema.additionalProperties, `${op.operationId} request body`).toBe(false);
    }
    expect(() => checkHandlers(ops, defaultHandlers())).not.toThrow();
  });

  it('converts paths and rejects unknown roles', () => {
    expect(toFastifyUrl('/api/users', '/Users/{id}')).toBe('/api/users/Users/:id');
    expect(toFastifyUrl('/api/users/', '/Users/Password/')).toBe('/api/users/Users/Password/');
    const doc = `openapi: 3.1.0\ninfo: {title: t, version: '1'}\nservers: [{url: /api/x}]\npaths:\n  /A:\n    get:\n      operationId: a\n      x-roles: [admin]\n      responses: {'200': {description: ok}}\n`;
    expect(() => parseOpenApi(doc, 'x.yaml')).toThrow(/unknown role 'admin'/);
    expect(() => parseOpenApi(doc.replace('      x-roles: [admin]\n', ''), 'x.yaml')).toThrow(/x-roles must be a non-empty list/);
  });
});
