// Boot: the contract (openapi/*.yaml) and the handler map must match one to one.
import { describe, expect, it } from 'vitest';
import { buildApp, checkHandlers } from '../../server/app.ts';
import { loadOperations } from '../../server/operation-routes.ts';
import { TEST_JWT_SECRET } from './helpers.ts';
import { defaultHandlers } from '../../server/handlers/index.ts';
import { loadOpenApiDir, toFastifyUrl, parseOpenApi } from '../../server/openapi/load.ts';
import { repoRoot } from '../../server/app.ts';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { schemaResolver } from './authz-helpers.ts';

const EXPECTED = {
  users: [
    'authenticate',
    'createPortalToken',
    // the portal token's hand-off (tests/server/portal-token.test.ts)
    'getPortalToken',
    'redeemPortalToken',
    // the portal embedded in a company's website (tests/server/embedding.test.ts)
    'getEmbedding',
    'startEmbeddedRenewal',
    'renewEmbeddedSession',
    'createEmbedHandoff',
    'redeemEmbedHandoff',
    'logout',
    // single sign-on (tests/server/sso.test.ts)
    'authenticateSSO',
    'getSsoProvider',
    'startSso',
    'sendSsoLinkCode',
    'linkSsoAccount',
    // sign-in handed over by a host (tests/server/jwt-handover.test.ts)
    'authenticateJWT',
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
    // messages (tests/server/messages.test.ts)
    'listMessageThreads',
    'getMessageThread',
    'createMessageThread',
    'replyToMessageThread',
    // the profile and login change (tests/server/profile.test.ts)
    'getHomeowner',
    'createContact',
    'updateContact',
    'deleteContact',
    'createAddress',
    'updateAddress',
    'deleteAddress',
    'getPreferences',
    'updatePreferences',
    'updateLogin',
    // mimic mode (tests/server/mimic.test.ts)
    'claimMimic',
    'getMimic',
    'endMimic',
    'listMimicVisits',
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
    'listRecurringPayments',
    'setupRecurringPayment',
    'confirmRecurringPayment',
    'cancelRecurringPayment',
    'updateRecurringPayment',
    'reviewRecurringPaymentChange',
    // auto-draft enrollments (tests/server/auto-draft.test.ts)
    'listAutoDrafts',
    'setupAutoDraft',
    'confirmAutoDraft',
    'cancelAutoDraft',
    'updateAutoDraft',
    'reviewAutoDraftChange',
    'setupLegacyAutoDraft',
    'enrollLegacyAutoDraft',
    // the payment authorizations given and debit notices (tests/server/recurring-payments.test.ts, auto-draft.test.ts)
    'listAcknowledgements',
    'confirmAcknowledgement',
    'getLedger',
    'getRecentPayments',
    // statements and the ledger export (tests/server/statements.test.ts)
    'createStatement',
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

  it('loads every operation with its base path, policy and a unique operationId', async () => {
    const docs = await loadOpenApiDir(path.join(repoRoot, 'openapi'));
    const byGroup = Object.fromEntries(docs.map((d) => [d.group, d.operations.map((o) => o.operationId)]));
    expect(byGroup.users.sort()).toEqual([...EXPECTED.users].sort());
    expect(byGroup.payments).toEqual(EXPECTED.payments);
    const ops = docs.flatMap((d) => d.operations);
    const url = (id: string) => ops.find((o) => o.operationId === id)!;
    // The specification's address ends with a slash, which a contract path may not: it stays as a legacy address.
    expect(url('changePassword')).toMatchObject({
      method: 'PUT', url: '/api/users/Users/Password', legacyUrls: ['/api/users/Users/Password/'], policy: { public: false, grants: [{ principal: 'user', scopes: [] }] },
    });
    expect(url('createDocumentFolder')).toMatchObject({ method: 'POST', url: '/api/associations/associations/:id/Directories/:dirId', legacyUrls: [] });
    expect(url('getUser').url).toBe('/api/users/Users/:id');
    expect(url('registerHomeowner').url).toBe('/api/users/Homeowner/Registration/:method');
    expect(url('getAccounts')).toMatchObject({ method: 'GET', url: '/api/payments/Account' });
    expect(url('authenticate').policy).toEqual({ public: true, grants: [] });
    expect(url('setupPayment').policy.grants).toEqual([
      {
        principal: 'homeowner',
        scopes: [
          { resource: 'account', from: 'body', name: 'accountNumber' },
          { resource: 'subLedger', from: 'body', name: 'subLedgerId' },
          { resource: 'paymentMethod', from: 'body', name: 'paymentMethodId' },
        ],
      },
    ]);
    // Every request body is closed (a $ref to a component schema counts as that schema).
    const resolve = schemaResolver(docs);
    for (const op of ops) {
      if (op.body) expect(resolve(op.body.schema).additionalProperties, `${op.operationId} request body`).toBe(false);
    }
    expect(() => checkHandlers(ops, defaultHandlers())).not.toThrow();
  });

  it('converts paths', () => {
    expect(toFastifyUrl('/api/users', '/Users/{id}')).toBe('/api/users/Users/:id');
    expect(toFastifyUrl('/api/users/', '/Users/Password/')).toBe('/api/users/Users/Password/');
  });
});

describe('x-policy is checked when the contract loads', () => {
  // One operation with a path id, a query parameter and a body; `policy` is its x-policy in YAML.
  const doc = (policy: string, feature = 'x-feature: core') => `openapi: 3.1.0
info: {title: t, version: '1'}
servers: [{url: /api/x}]
paths:
  /A/{id}:
    post:
      operationId: a
${[feature, policy].filter(Boolean).join('\n').replace(/^/gm, '      ')}
      parameters:
        - { name: id, in: path, required: true, schema: { type: integer } }
        - { name: accountNumber, in: query, schema: { type: string } }
      requestBody:
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Body' }
      responses: {'200': {description: ok}}
components:
  schemas:
    Body:
      type: object
      properties:
        subLedgerId: { type: integer }
        note: { type: string }
`;
  const parse = (policy: string) => parseOpenApi(doc(policy), 'x.yaml').operations[0].policy;

  it('accepts public, self and resources named by path, query and body parameters', () => {
    expect(parse('x-policy: public')).toEqual({ public: true, grants: [] });
    expect(parse('x-policy:\n  - user: self\n  - guest: self')).toEqual({ public: false, grants: [{ principal: 'user', scopes: [] }, { principal: 'guest', scopes: [] }] });
    expect(parse('x-policy:\n  - homeowner: { subLedger: body.subLedgerId, account: query.accountNumber }\n  - board: { association: path.id }').grants).toEqual([
      { principal: 'homeowner', scopes: [{ resource: 'subLedger', from: 'body', name: 'subLedgerId' }, { resource: 'account', from: 'query', name: 'accountNumber' }] },
      { principal: 'board', scopes: [{ resource: 'association', from: 'path', name: 'id' }] },
    ]);
  });

  it.each([
    ['x-policy: nobody', /x-policy must be public, or a list of grants of user, homeowner, board, chair, staff, admin, guest, express/],
    ['x-policy: []', /x-policy must be public/],
    ['x-roles: [user]', /x-roles was replaced by x-policy/],
    ['summary: no policy', /x-policy is missing/],
    ['x-policy:\n  - owner: self', /x\.yaml: paths\.\/A\/\{id\}\.post: x-policy\[0\]: unknown principal 'owner' \(known: user, homeowner/],
    ['x-policy:\n  - admin: { messageThread: path.id }', /admin cannot be scoped to messageThread \(only association\)/],
    ['x-policy:\n  - homeowner: { acount: query.accountNumber }', /x-policy\[0\]\.homeowner: unknown resource 'acount'/],
    ['x-policy:\n  - staff: { subLedger: body.subLedgerId }', /staff cannot be scoped to subLedger \(only association\b/],
    ['x-policy:\n  - board: self', /board must name what it is scoped to \(association\b/],
    ['x-policy:\n  - user: everything', /the scope must be "self" or a map of resources to parameters/],
    ['x-policy:\n  - homeowner: { subLedger: query.subLedgerId }', /homeowner\.subLedger: query\.subLedgerId is not a query parameter of the operation/],
    ['x-policy:\n  - homeowner: { subLedger: body.ledger }', /body\.ledger is not a property of the request body/],
    ['x-policy:\n  - homeowner: { subLedger: subLedgerId }', /name the parameter as path\.<name>, query\.<name> or body\.<name>/],
    ['x-policy:\n  - homeowner: { subLedger: body.note }', /subLedger is named by an integer, but body\.note is string/],
    ['x-policy:\n  - homeowner: { association: path.id }\n  - staff: { association: path.id }\n  - homeowner: { subLedger: path.id }', /path\.id is scoped both as association and as subLedger/],
    ['x-policy:\n  - user: self\n    board: { association: path.id }', /a grant is one principal and its scope/],
  ])('%s is refused', (policy, message) => {
    expect(() => parse(policy)).toThrow(message);
  });

  it('takes x-legacy-paths as more addresses of the operation, with the same path parameters', () => {
    const legacyUrls = (extra: string) => parseOpenApi(doc(`x-policy: public\n${extra}`), 'x.yaml').operations[0].legacyUrls;
    expect(legacyUrls('summary: none')).toEqual([]);
    expect(legacyUrls("x-legacy-paths: ['/A/{id}/', '/Old/{id}']")).toEqual(['/api/x/A/:id/', '/api/x/Old/:id']);
    expect(() => legacyUrls("x-legacy-paths: '/A/{id}/'")).toThrow(/paths\.\/A\/\{id\}\.post\.x-legacy-paths: must be a list of paths/);
    expect(() => legacyUrls("x-legacy-paths: ['/A/{id}']")).toThrow(/"\/A\/\{id\}" must be another path starting with \//);
    expect(() => legacyUrls("x-legacy-paths: ['/A/{other}/']")).toThrow(/\/A\/\{other\}\/ must name the same path parameters as \/A\/\{id\}/);
  });

  it('takes x-feature: a feature of server/features/registry.ts or a list of them, and refuses an operation without one', () => {
    const features = (feature: string) => parseOpenApi(doc('x-policy: public', feature), 'x.yaml').operations[0].features;
    expect(features('x-feature: core')).toEqual(['core']);
    expect(features('x-feature: [guestPayment, payments]')).toEqual(['guestPayment', 'payments']);
    expect(() => features('')).toThrow(/paths\.\/A\/\{id\}\.post\.x-feature: is missing: name the feature the operation belongs to \(core for none/);
    expect(() => features('x-feature: flying')).toThrow(/unknown feature "flying"/);
    expect(() => features('x-feature: []')).toThrow(/must name at least one feature/);
  });

  it('every operation of openapi/ declares its feature', async () => {
    const docs = await loadOpenApiDir(path.join(repoRoot, 'openapi'));
    for (const op of docs.flatMap((d) => d.operations)) expect(op.features.length, op.operationId).toBeGreaterThan(0);
  });

  it('compiles every schema of openapi/', async () => {
    await expect(loadOperations(path.join(repoRoot, 'openapi'), defaultHandlers(), { compileNow: true })).resolves.toHaveLength(
      (await loadOpenApiDir(path.join(repoRoot, 'openapi'))).flatMap((d) => d.operations).length,
    );
  });

  it('compiles a schema at start in production, where one that does not compile stops the server; elsewhere on its first use', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'openapi-'));
    // ajv's strict mode refuses a keyword it does not know.
    await writeFile(path.join(dir, 'x.yaml'), doc('x-policy: public').replace('note: { type: string }', 'note: { type: string, colour: red }'));
    const handlers = { a: async () => ({ status: 200 }) };
    const refusal = /OpenAPI \S*x\.yaml a: schema does not compile: .*unknown keyword: "colour"/;
    await expect(loadOperations(dir, handlers, { compileNow: true })).rejects.toThrow(refusal);
    await expect(buildApp({
      openapiDir: dir, handlers, nodeEnv: 'production', jwtSecret: TEST_JWT_SECRET, dataDir: '/nonexistent/should-not-be-created', logger: false,
    })).rejects.toThrow(refusal);
    const [route] = await loadOperations(dir, handlers, { compileNow: false });
    expect(route.validators.params()?.({ id: '7' })).toBe(true);
    expect(() => route.validators.body()).toThrow(refusal);
  });

  it('stops the server from starting', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'openapi-'));
    await writeFile(path.join(dir, 'x.yaml'), doc('x-policy:\n  - chairman: { association: path.id }'));
    await expect(buildApp({ openapiDir: dir, handlers: { a: async () => ({ status: 200 }) }, dataDir: '/nonexistent/should-not-be-created', logger: false })).rejects.toThrow(
      /unknown principal 'chairman'/,
    );
  });
});
