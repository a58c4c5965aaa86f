// Features made real (server/features/): every operation of openapi/ that belongs to a feature
// (x-feature) is called with that feature switched off for the association its request names, and
// must answer 403 FEA001 without reaching its handler or changing the database; the list comes from
// the declarations, so a new operation is covered as soon as it declares its feature. The same
// requests then pass the feature step while the feature is off for another association only.
// Business management (the global, read-only pmbEnabled list) is refused to a company it does not
// list. The payment options offer no switched-off method kind. PGlite and PostgreSQL.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { repoRoot } from '../../server/app.ts';
import { loadOpenApiDir, type OperationDef } from '../../server/openapi/load.ts';
import { defaultHandlers } from '../../server/handlers/index.ts';
import type { HandlerMap } from '../../server/handlers/types.ts';
import type { PrincipalName, ResourceKind } from '../../server/authz/vocabulary.ts';
import { FEATURES, offValueOf, type FeatureName } from '../../server/features/registry.ts';
import { createCheckoutLinkForAccount } from '../../server/payments/express-links.ts';
import { BACKENDS, DEMO, call, createTestClock, signIn, testApp, testPasswords, useTestDatabase } from './helpers.ts';
import { GUEST, guestSession, subLedgerId } from './payments-helpers.ts';
import { api, associationId } from './billing-helpers.ts';
import { databaseFingerprint, requestFor, schemaResolver, type BuiltRequest } from './authz-helpers.ts';
import { TEST_BANK_ENTRY } from './auto-draft-helpers.ts';

interface Caller {
  token: string | null;
  own: Partial<Record<ResourceKind, unknown>>;
}

/** The real handlers, each noting in `reached` that a request got to it. */
function recording(reached: string[]): HandlerMap {
  return Object.fromEntries(
    Object.entries(defaultHandlers()).map(([id, handler]) => [
      id,
      (request: Parameters<typeof handler>[0], services: Parameters<typeof handler>[1]) => {
        reached.push(id);
        return handler(request, services);
      },
    ]),
  );
}

/** Public operations of a feature: the association is named by an account number of the request. */
const PUBLIC_REQUESTS: Record<string, BuiltRequest> = {
  createGuestSession: { method: 'POST', url: `${GUEST}/session`, body: { accountNumber: '100235', zip: '30301', email: 'guest-feature@example.org' } },
  registerHomeowner: {
    method: 'POST',
    url: '/api/users/Homeowner/Registration/accountNumber',
    body: { email: 'feature-new@example.org', password: 'Feature#2026x', firstName: 'Fea', lastName: 'Ture', accountNumber: '100234', zip: '30301' },
  },
};

/**
 * Operations of a feature whose request names no association: they answer the caller's own data
 * across associations, leaving out those with the feature off (reviewed; a new one fails here).
 */
const SPANS_ASSOCIATIONS: Record<string, (json: Record<string, unknown>, off: number[]) => void> = {
  listMessageThreads: (json, off) => expect((json.threads as { associationId: number }[]).filter((t) => off.includes(t.associationId))).toEqual([]),
};

describe.each(BACKENDS)('features switched off per association on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  const reached: string[] = [];
  let app: FastifyInstance;
  let operations: OperationDef[];
  let resolve: ReturnType<typeof schemaResolver>;
  let summit: number;
  let maple: number;
  let cedar: number;
  let lakeshore: number;
  let managerId: number;
  const callers: Partial<Record<PrincipalName, Caller>> = {};
  let northwind: { token: string; association: number };
  const db = () => database.current.db;
  const one = async (sql: string, params: unknown[] = []) => (await db().query<{ id: number | string }>(sql, params)).rows[0].id;

  /** Sets (value) or clears (undefined) a key at an association's level, as the console does. */
  const setAt = async (association: number, key: string, value: unknown) => {
    const target = { companyId: association === lakeshore ? Number(await one('SELECT management_company_id AS id FROM associations WHERE id = $1', [lakeshore])) : summit, associationId: association };
    const change = value === undefined ? ({ kind: 'clear' } as const) : ({ kind: 'set', value } as const);
    await app.services.settings.change(target, key, change, { userId: managerId, ip: '127.0.0.1' });
  };
  /** What each association had set itself before a feature was switched off there (a feature off by default is on only so). */
  const before = new Map<string, unknown>();
  /** Every switchable key of a feature off at these associations, or back to what they had set. */
  const switchFeature = async (feature: FeatureName, associations: number[], off: boolean) => {
    for (const association of associations) {
      for (const key of FEATURES[feature].keys) {
        const at = `${association}:${key}`;
        if (off) {
          const { rows } = await db().query<{ value: unknown }>('SELECT value FROM portal_settings WHERE association_id = $1 AND key = $2', [association, key]);
          before.set(at, rows[0]?.value);
        }
        await setAt(association, key, off ? offValueOf(key) : before.get(at));
      }
    }
  };

  /** The operation's request by the first caller its x-policy admits with resources of Maple Grove or Cedar Point. */
  const requestOf = (op: OperationDef): { request: BuiltRequest; token: string | null } => {
    if (PUBLIC_REQUESTS[op.operationId]) return { request: PUBLIC_REQUESTS[op.operationId], token: null };
    const order: PrincipalName[] = ['staff', 'admin', 'board', 'chair', 'homeowner', 'guest', 'express', 'anyone', 'user'];
    const grants = [...op.policy.grants].sort((a, b) => order.indexOf(a.principal) - order.indexOf(b.principal));
    for (const grant of grants) {
      const caller = callers[grant.principal];
      if (!caller || !grant.scopes.every((s) => caller.own[s.resource] !== undefined)) continue;
      return { request: requestFor(op, (_key, resource) => caller.own[resource], resolve), token: caller.token };
    }
    throw new Error(`${op.operationId}: no caller of this suite is in its scope; give one its resources`);
  };
  const featureOps = (feature: FeatureName) => operations.filter((op) => op.features.includes(feature));
  const featuresInUse = () => [...new Set(operations.flatMap((op) => op.features))].filter((f) => f !== 'core' && f !== 'businessManagement');

  beforeAll(async () => {
    operations = (await loadOpenApiDir(path.join(repoRoot, 'openapi'))).flatMap((d) => d.operations);
    resolve = schemaResolver(await loadOpenApiDir(path.join(repoRoot, 'openapi')));
    app = await testApp(db(), { clock: clock.now, sandboxProvider: true, handlers: recording(reached) });
    summit = Number(await one(`SELECT id FROM management_companies WHERE code = 'summit'`));
    maple = await associationId(db(), 'maplegrove');
    cedar = await associationId(db(), 'cedarpoint');
    lakeshore = await associationId(db(), 'lakeshore');

    const home = await signIn(app, DEMO.homeowner);
    const board = await signIn(app, DEMO.board);
    const chair = await signIn(app, DEMO.chair);
    const manager = await signIn(app, DEMO.manager);
    managerId = manager.userId;
    const homeApi = api(app, home.token);
    const homeLedger = await subLedgerId(db(), '100234');
    const homeVisa = Number(await one('SELECT id FROM payment_methods WHERE owner_user_id = $1 ORDER BY id LIMIT 1', [home.userId]));
    const payment = await homeApi.post('/Payment/Setup', { subLedgerId: homeLedger, amountCents: 500, paymentMethodId: homeVisa });
    expect(payment.status, payment.body).toBe(201);
    const methodSetup = await homeApi.post('/PaymentMethod/Setup', { associationId: maple, kind: 'card' });
    expect(methodSetup.status, methodSetup.body).toBe(200);
    const recurring = await homeApi.post('/RecurringPayment/Setup', {
      subLedgerId: homeLedger, paymentMethodId: homeVisa, frequency: 'monthly', startDate: '2026-03-20', amount: { kind: 'fullBalance' },
    });
    expect(recurring.status, recurring.body).toBe(201);
    // A legacy auto-draft at Cedar Point (its recurring payments removed and its balance paid first).
    for (const r of (await homeApi.get('/RecurringPayment?accountNumber=200411')).json.recurringPayments) {
      expect((await homeApi.del(`/RecurringPayment/${r.recurringPaymentId}`)).status).toBe(204);
    }
    await db().query(`INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description) VALUES ($1, 'credit', -245000, 'Paid in full')`, [await subLedgerId(db(), '200411')]);
    const draft = await homeApi.post('/LegacyAutoDraft/Setup', { accountNumber: '200411', startMonth: '2026-04', pullDay: 5, bank: TEST_BANK_ENTRY });
    expect(draft.status, draft.body).toBe(201);
    const thread = Number(await one('SELECT id FROM message_threads WHERE homeowner_user_id = $1 AND association_id = $2 ORDER BY id LIMIT 1', [home.userId, maple]));
    const request = Number(await one(`SELECT r.id FROM homeowner_requests r JOIN accounts ac ON ac.id = r.account_id WHERE ac.owner_user_id = $1 ORDER BY r.id LIMIT 1`, [home.userId]));
    const arc = Number(await one(`SELECT id FROM homeowner_requests WHERE kind = 'architectural' AND association_id = $1 ORDER BY id LIMIT 1`, [maple]));
    const library = {
      document: Number(await one(`SELECT id FROM documents WHERE association_id = $1 ORDER BY id LIMIT 1`, [maple])),
      documentFolder: Number(await one(`SELECT id FROM document_folders WHERE association_id = $1 ORDER BY id LIMIT 1`, [maple])),
      documentLibrary: maple,
    };
    const paidLedger = await subLedgerId(db(), '100235');
    await db().query(`INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description) VALUES ($1, 'charge', 20000, 'Quarterly assessment')`, [paidLedger]);
    const guest = await guestSession(app, '100235', '30301', 'guest-one@example.org');
    const guestPayment = await call(app, 'POST', `${GUEST}/payment`, { token: guest, body: { subLedgerId: paidLedger, amountCents: 700, methodKind: 'card' } });
    expect(guestPayment.status, guestPayment.body).toBe(201);
    const link = await createCheckoutLinkForAccount({ db: db(), clock: app.services.clock, tokens: app.services.expressTokens }, '100234');
    const express = await call(app, 'POST', '/api/express-pay/authenticate', { body: { strategy: 'link', link: link!.token } });
    expect(express.status, express.body).toBe(200);
    const expressPayment = await call(app, 'POST', '/api/express-pay/express-pay', { token: express.json.token, body: { subLedgerId: homeLedger, amountCents: 600, methodKind: 'card' } });
    expect(expressPayment.status, expressPayment.body).toBe(201);

    const staff: Caller = { token: manager.token, own: { association: maple, messageThread: thread, homeownerRequest: request, ...library } };
    callers.staff = staff;
    callers.admin = staff;
    callers.board = { token: board.token, own: { association: maple, arcRequest: arc, ...library } };
    callers.chair = { token: chair.token, own: { association: maple, arcRequest: arc } };
    callers.homeowner = {
      token: home.token,
      own: {
        self: home.userId, account: '100234', subLedger: homeLedger, association: maple, payment: payment.json.paymentId, paymentMethod: homeVisa,
        methodSetup: methodSetup.json.setupIntentId, recurringPayment: recurring.json.recurringPayment.recurringPaymentId, autoDraft: draft.json.autoDraft.autoDraftId,
        messageThread: thread, homeownerRequest: request,
      },
    };
    callers.user = { token: home.token, own: { self: home.userId } };
    callers.guest = { token: guest, own: { subLedger: paidLedger, payment: guestPayment.json.paymentId } };
    callers.express = { token: express.json.token, own: { subLedger: homeLedger, payment: expressPayment.json.paymentId } };
    callers.anyone = { token: null, own: { association: maple } };

    // A management company the business-management list does not name, with an admin of its own.
    const company = await one(`INSERT INTO management_companies (code, name) VALUES ('northwind', 'Northwind Property Group') RETURNING id`);
    const birch = Number(await one(`INSERT INTO associations (management_company_id, code, name, provider_account) VALUES ($1, 'birchhollow', 'Birch Hollow HOA', 'acct_birchhollow') RETURNING id`, [company]));
    const admin = { email: 'manager@northwind.example', password: 'Northwind#2026' };
    const adminId = await one(`INSERT INTO users (management_company_id, email, password_hash, first_name, last_name) VALUES ($1, $2, $3, 'Avery', 'Stone') RETURNING id`, [
      company, admin.email, await testPasswords.hash(admin.password),
    ]);
    await db().query(`INSERT INTO management_staff (user_id, role) VALUES ($1, 'admin')`, [adminId]);
    northwind = { token: (await signIn(app, admin)).token, association: birch };
  });
  afterAll(async () => {
    await app?.close();
  });

  it('covers features that have operations, and every such operation has a caller here', () => {
    expect(featuresInUse().sort()).toEqual(['autoDraft', 'calendarReservations', 'createAccount', 'directory', 'documents', 'guestPayment', 'messages', 'myCA', 'payments', 'recurringPayments', 'requests']);
    for (const feature of featuresInUse()) for (const op of featureOps(feature)) expect(() => requestOf(op), op.operationId).not.toThrow();
  });

  it('refuses each operation of a feature switched off for its association, and changes nothing', { timeout: 240_000 }, async () => {
    const spanning: string[] = [];
    for (const feature of featuresInUse()) {
      await switchFeature(feature, [maple, cedar], true);
      try {
        const before = await databaseFingerprint(db());
        for (const op of featureOps(feature)) {
          const { request, token } = requestOf(op);
          reached.length = 0;
          const res = await call(app, request.method, request.url, { token: token ?? undefined, body: request.body, headers: { 'idempotency-key': `feature-${op.operationId}` } });
          const what = `${feature} off: ${op.operationId} ${request.method} ${request.url} ${JSON.stringify(request.body ?? null)} -> ${res.status} ${res.body}`;
          if (SPANS_ASSOCIATIONS[op.operationId] && request.method === 'GET' && res.status === 200) {
            SPANS_ASSOCIATIONS[op.operationId](res.json, [maple, cedar]);
            spanning.push(op.operationId);
            continue;
          }
          expect(res.status, what).toBe(403);
          expect(res.json, what).toMatchObject({ status: 403, errorCode: 'FEA001', title: expect.any(String), detail: expect.stringContaining('not available') });
          expect(reached, `${what}\nreached the handler`).toEqual([]);
        }
        expect(await databaseFingerprint(db()), `${feature}: a refused call changed the database`).toEqual(before);
      } finally {
        await switchFeature(feature, [maple, cedar], false);
      }
    }
    expect(spanning.sort()).toEqual(Object.keys(SPANS_ASSOCIATIONS).sort());
  });

  it('lets the same operations through while the feature is off for another association only', { timeout: 240_000 }, async () => {
    for (const feature of featuresInUse()) {
      await switchFeature(feature, [lakeshore], true);
      try {
        for (const op of featureOps(feature)) {
          const { request, token } = requestOf(op);
          const res = await call(app, request.method, request.url, { token: token ?? undefined, body: request.body, headers: { 'idempotency-key': `feature-on-${op.operationId}` } });
          expect(res.json?.errorCode, `${feature} off at Lakeshore: ${op.operationId} -> ${res.status} ${res.body}`).not.toBe('FEA001');
        }
      } finally {
        await switchFeature(feature, [lakeshore], false);
      }
    }
  });

  it('refuses the business-management lists to a company pmbEnabled does not list, and answers them to one it lists', async () => {
    const ops = featureOps('businessManagement').map((op) => op.operationId).sort();
    expect(ops).toEqual(['decideBoardInvoice', 'getBoardReport', 'listBoardBankAccounts', 'listBoardCollections', 'listBoardInvoices', 'listBoardWorkOrders']);
    const before = await databaseFingerprint(db());
    for (const op of featureOps('businessManagement')) {
      const request = requestFor(op, () => northwind.association, resolve);
      const res = await call(app, request.method, request.url, { token: northwind.token, body: request.body });
      expect(res.status, `${op.operationId} -> ${res.body}`).toBe(403);
      expect(res.json.errorCode).toBe('FEA001');
    }
    expect(await databaseFingerprint(db())).toEqual(before);
    for (const op of featureOps('businessManagement').filter((o) => o.method === 'GET')) {
      const request = requestFor(op, () => maple, resolve);
      const listed = await call(app, request.method, request.url, { token: callers.staff!.token! });
      expect(listed.status, `${op.operationId} -> ${listed.body}`).toBe(200);
    }
    // The global list cannot be changed from the console.
    await expect(app.services.settings.change({ companyId: summit, associationId: null }, 'pmbEnabled', { kind: 'set', value: [] }, { userId: managerId, ip: '127.0.0.1' })).rejects.toThrow();
  });

  it("refuses a payment by a kind switched off and offers only the other kind (guest pay too)", async () => {
    const home = callers.homeowner!;
    await setAt(maple, 'cardPayments', false);
    const options = await call(app, 'GET', `/api/payments/Association/${maple}/PaymentOption`, { token: home.token! });
    expect(options.json).toMatchObject({ acceptsCard: false, acceptsBank: true });
    expect(options.json.fees.every((f: { methodKind: string }) => f.methodKind === 'bank')).toBe(true);
    const configuration = await call(app, 'GET', `${GUEST}/configuration?associationCode=maplegrove`);
    expect(configuration.json).toMatchObject({ acceptsCard: false, acceptsBank: true });
    const before = await databaseFingerprint(db());
    const card = await call(app, 'POST', `${GUEST}/payment`, { token: callers.guest!.token!, body: { subLedgerId: callers.guest!.own.subLedger, amountCents: 700, methodKind: 'card' } });
    expect(card.status, card.body).toBe(403);
    expect(card.json).toMatchObject({ errorCode: 'FEA001', detail: 'Paying by card is not available for this association.' });
    const saved = await call(app, 'POST', '/api/payments/Payment/Setup', { token: home.token!, body: { subLedgerId: home.own.subLedger, amountCents: 500, paymentMethodId: home.own.paymentMethod } });
    expect(saved.json?.errorCode, saved.body).toBe('FEA001');
    expect(await databaseFingerprint(db())).toEqual(before);
    const bank = await call(app, 'POST', `${GUEST}/payment`, { token: callers.guest!.token!, body: { subLedgerId: callers.guest!.own.subLedger, amountCents: 700, methodKind: 'bank' } });
    expect(bank.status, bank.body).toBe(201);
    await setAt(maple, 'cardPayments', undefined);
  });

  it('offers no reservation kind of request and refuses a reservation where calendar reservations are off', async () => {
    const home = callers.homeowner!;
    const area = Number(await one("SELECT id FROM common_areas WHERE association_id = $1 ORDER BY id LIMIT 1", [maple]));
    const start = new Date(clock.now().getTime() + 40 * 86_400_000);
    start.setUTCHours(15, 0, 0, 0);
    const reservation = { commonAreaId: area, start: start.toISOString(), end: new Date(start.getTime() + 7_200_000).toISOString() };
    await setAt(maple, 'calendarReservations', false);
    const options = await call(app, 'GET', '/api/action-items/HomeownerRequests/Options?accountNumber=100234', { token: home.token! });
    expect(options.status, options.body).toBe(200);
    expect(options.json.kinds).toEqual(['general', 'architectural']);
    expect(options.json.commonAreas).toEqual([]);
    const before = await databaseFingerprint(db());
    const refused = await call(app, 'POST', '/api/action-items/HomeownerRequests', {
      token: home.token!, body: { accountNumber: '100234', kind: 'reservation', subject: 'Party', description: 'A party.', reservation },
    });
    expect(refused.status, refused.body).toBe(403);
    expect(refused.json).toMatchObject({ errorCode: 'FEA001', detail: 'Calendar reservations is not available for this association.' });
    expect(await databaseFingerprint(db())).toEqual(before);
    await setAt(maple, 'calendarReservations', undefined);
    expect((await call(app, 'GET', '/api/action-items/HomeownerRequests/Options?accountNumber=100234', { token: home.token! })).json.kinds).toContain('reservation');
  });

  it("answers each association's features with the session's settings, read fresh", async () => {
    const home = callers.homeowner!;
    const features = async () => {
      const res = await call(app, 'GET', '/api/users/HomeSettings', { token: home.token! });
      return Object.fromEntries(res.json.userSettings.associations.map((a: { id: number; features: Record<string, boolean> }) => [a.id, a.features])) as Record<number, Record<string, boolean>>;
    };
    expect((await features())[maple]).toMatchObject({ documents: true, directory: true, pageBilling: true, businessManagement: true });
    await setAt(maple, 'documents', false);
    await setAt(maple, 'pageCommunity', false);
    const off = await features();
    // Documents off; the directory shows nowhere with the community pages off; Cedar Point keeps both.
    expect(off[maple]).toMatchObject({ documents: false, directory: false, pageCommunity: false, pageBilling: true });
    expect(off[cedar]).toMatchObject({ documents: true, directory: true });
    await setAt(maple, 'documents', undefined);
    await setAt(maple, 'pageCommunity', undefined);
    expect((await features())[maple]).toMatchObject({ documents: true, directory: true });
  });
});
