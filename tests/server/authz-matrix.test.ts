// The authorization matrix, generated from openapi/: every operation is called by every kind of
// caller (anonymous, a homeowner, another homeowner, a board member, a chair, management staff, a
// manager of another company, a guest session, an express link), each time naming resources that
// are real but not the caller's (another user, account, sub-ledger, payment, saved method, method
// setup, association). Every such call must be refused (401 when the operation does not admit the
// caller's kind of token, else 403 or 404 with the code of the resource) and leave the whole
// database as it was. An operation scoping several parameters is called once per parameter: that
// one names someone else's resource, the others the caller's own (when the caller has one), so
// every scope is shown to hold on its own.
//
// Refusals must come from the authorization layer itself: the handlers are wrapped to record any
// call that reaches them, and none may (their own row filters would otherwise hide a weak policy).
// A call is skipped only when x-policy itself puts the caller in scope without naming anything
// (public operations, `user: self`, `guest: self`, `express: self`, and `staff: self` or
// `admin: self` for management staff, which every other signed-in caller is refused with 403
// AUTH003); that list is pinned below, so loosening a policy fails this test until the list is
// changed on purpose. In-memory PGlite, one app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { repoRoot } from '../../server/app.ts';
import { loadOpenApiDir, type OpenApiDoc, type OperationDef } from '../../server/openapi/load.ts';
import { tokenKindOf, type ResourceKind, type TokenKind } from '../../server/authz/vocabulary.ts';
import { SELF_CHECKS } from '../../server/authz/scopes.ts';
import { createCheckoutLinkForAccount } from '../../server/payments/express-links.ts';
import { defaultHandlers } from '../../server/handlers/index.ts';
import type { HandlerMap } from '../../server/handlers/types.ts';
import { DEMO, call, createTestClock, expectErrorShape, signIn, testApp, testPasswords, useTestDatabase } from './helpers.ts';
import { GUEST, guestSession, subLedgerId } from './payments-helpers.ts';
import { api, associationId, saveMethod } from './billing-helpers.ts';
import { databaseFingerprint, requestFor, schemaResolver, scopedParameters } from './authz-helpers.ts';
import { TEST_BANK_ENTRY } from './auto-draft-helpers.ts';

/** Who x-policy lets in without naming anything: reviewed by hand, changed only on purpose. */
const IN_SCOPE_BY_DECLARATION: Record<string, string[]> = {
  public: [
    'acceptStaffInvitation',
    'authenticate',
    'authenticateExpressPay',
    'authenticateJWT',
    'authenticateSSO',
    'claimMimic',
    'createGuestSession',
    'getEmbedding',
    'getGuestConfiguration',
    'getPublicAssociation',
    'getSsoProvider',
    'linkSsoAccount',
    'redeemEmbedHandoff',
    'redeemPortalToken',
    'registerHomeowner',
    'renewEmbeddedSession',
    'requestAccount',
    'requestOneTimePassword',
    'resetPassword',
    'sendSsoLinkCode',
    'startSso',
    'verifyOneTimePassword',
  ],
  user: [
    'changePassword',
    'createEmbedHandoff',
    'createPortalToken',
    'endMimic',
    'getAccounts',
    'getHomeSettings',
    'getMimic',
    'getMycaConversation',
    'getPortalToken',
    'getProfileConfiguration',
    'getSecurity',
    'listMessageThreads',
    'listMimicVisits',
    'listMycaConversations',
    'logout',
    'startEmbeddedRenewal',
    'updateLogin',
  ],
  guest: ['getGuestAccount'],
  express: ['getExpressAccount', 'listExpressPayments'],
  // Anyone (signed in or not) about any existing association: its library and calendar filtered by who asks.
  // MyCA (tests/server/myca.test.ts): the question answered from what the caller may read, the
  // feedback on an answer of the caller's own (anyone else's: 404 MYC002).
  anyone: ['askMyca', 'getAssociationPage', 'getDocumentPermissions', 'listCalendarEntries', 'listDocumentFolders', 'rateMycaAnswer', 'searchDocuments'],
  // Active staff of any management company, answered for the caller's own company only (the
  // management console): every other signed-in caller is refused (403 AUTH003), checked below.
  staff: ['getAssociationAging', 'getCompanyMonthlyFigures', 'getCompanyPerson', 'getCompanySettings', 'getCustomPage', 'getManagementCompany', 'listCompanyPeople', 'listCompanyStaff', 'listCustomPages', 'listManagedAssociations', 'startMimic'],
  // Active admins of any management company, about their own company's staff and settings only.
  // (listAuditEntries: another company's association named is 404 GP001, checked at the end.)
  admin: ['createCustomPage', 'deleteCompanySetting', 'deleteCustomPage', 'inviteStaffMember', 'listAuditEntries', 'putCompanySetting', 'updateCustomPage', 'updateStaffMember', 'uploadCompanyBrandImage'],
};

/**
 * Parameters of non-public operations that look like they name a resource (`id`, `...Id`,
 * `...Number`) but are not scoped by x-policy, each with the reason. Any other such parameter
 * must be scoped: dropping a scope from a policy fails here.
 */
const NOT_SCOPED: Record<string, string> = {
  'confirmPayment body.setupIntentId': 'must be the setup intent of the payment in path.id (else 404 PAY009)',
  'confirmGuestPayment body.setupIntentId': 'must be the setup intent of the payment in path.id (else 404 PAY009)',
  'confirmExpressPayment body.setupIntentId': 'must be the setup intent of the payment in path.id (else 404 PAY009)',
  'listDocumentFolders query.parentId': '0 is the root; a folder the caller may not read, or of another association, is 404 DOC002 (documentAccess)',
  'createDocumentFolder path.dirId': 'the new folder\'s parent, 0 for the root; the caller manages path.id, whose folders are all theirs (another association\'s: 404 DOC002)',
  'updateDocumentFolder body.parentId': '0 is the root; the caller manages path.id, whose folders are all theirs (another association\'s: 404 DOC002)',
  'getDocument path.id': 'the document (scoped) is looked up in path.id only: of another association, 404 DOC001',
  'downloadDocument path.id': 'the document (scoped) is looked up in path.id only: of another association, 404 DOC001',
  'getDocumentFolder path.id': 'the folder (scoped) is looked up in path.id only: of another association, 404 DOC002',
  'uploadDocument body.parentId': 'a multipart part, read after authorization; the caller manages path.id (another association\'s folder: 404 DOC002)',
  'decideReservation path.reservationId': 'looked up in path.id only, whose board or staff the caller is: of another association or none, 404 RSV404',
  'decideBoardInvoice path.invoiceId': 'looked up in path.id only, whose board or staff the caller is: of another association or none, 404 INV404',
  'updateBoardToDo path.todoId': 'looked up in path.id only, whose board or staff the caller is: of another association or none, 404 TODO404',
  'downloadHomeownerRequestAttachment path.attachmentId': 'looked up in the request of path.id (scoped) only: of another request, 404 HRQ007',
  'updateStaffMember path.userId': "a staff member of the caller's own company (admin: self); anyone else, another company's staff included: 404 STF003",
  'listAuditEntries query.associationId': "an association of the caller's own company (admin: self); another company's or none: 404 GP001 (handler)",
  // Content pages (tests/server/custom-pages.test.ts): looked up in the caller's own company only.
  'getCustomPage path.pageId': "a page of the caller's own company (staff: self); another company's: 404 CPG404",
  'updateCustomPage path.pageId': "a page of the caller's own company (admin: self); another company's: 404 CPG404",
  'deleteCustomPage path.pageId': "a page of the caller's own company (admin: self); another company's: 404 CPG404",
  'createCustomPage body.associationId': "an association of the caller's own company (admin: self), checked before anything else; another company's: 404 GP001",
  'getCompanyPerson path.userId': "an owner or board member of the caller's own company's associations (staff: self); anyone else, another company's owners included: 404 PPL001",
  'startMimic path.userId': "an owner or board member of the caller's own company's associations (staff: self, holding the mimic grant); anyone else, another company's owners included: 404 PPL001 (tests/server/mimic.test.ts)",
  'downloadBoardArcAttachment path.attachmentId': 'looked up in the request of path.id (scoped) only: of another request, 404 HRQ007',
  // Board membership in the console: the association (path.associationId) is scoped; the person is looked up within it.
  'addBoardMember body.userId': "an owner at path.associationId or a user of its company (not staff); anyone else: 404 BRD002",
  'updateBoardMember path.userId': 'a member of the board of path.associationId (scoped); anyone else: 404 BRD001',
  'removeBoardMember path.userId': 'a member of the board of path.associationId (scoped); anyone else: 404 BRD001',
  // MyCA (tests/server/myca.test.ts): random 128-bit ids, looked up for the caller alone.
  'askMyca body.conversationId': "a conversation of the caller's own (the same user, or a signed-out visitor's) in path.id; anyone else's: 404 MYC001",
  'rateMycaAnswer path.answerId': "an answer in a conversation of the caller's own in path.id; anyone else's: 404 MYC002",
  'getMycaConversation path.conversationId': "a conversation of the caller's own (user: self); anyone else's: 404 MYC001",
};
const NAMES_A_RESOURCE = /^id$|Id$|Number$/;

/** The error codes a scope refusal may carry, by resource (server/authz/scopes.ts). */
const REFUSAL_CODES: Record<ResourceKind, string> = {
  self: 'AUTH003',
  account: 'GP002',
  subLedger: 'GP002',
  association: 'GP001',
  payment: 'PAY009',
  paymentMethod: 'PM001',
  methodSetup: 'PM001',
  recurringPayment: 'PAY009',
  autoDraft: 'AD404',
  acknowledgement: 'ACK404',
  messageThread: 'MSG404',
  homeownerRequest: 'HRQ404',
  arcRequest: 'HRQ404',
  document: 'DOC001',
  documentFolder: 'DOC002',
  documentLibrary: 'DOC003',
};

interface Principal {
  label: string;
  /** null: anonymous (no Authorization header). */
  token: string | null;
  kind: TokenKind | 'anonymous';
  /** Real resources that are not this caller's. */
  foreign: Record<ResourceKind, unknown>;
  /** The caller's own resources, where it has them. */
  own: Partial<Record<ResourceKind, unknown>>;
  /** The roles held in a management company (staff, admin): in scope of `staff: self` or `admin: self` (their own company's console) for those roles. */
  roles?: string[];
}

/**
 * What the policy says of this kind of caller: not admitted, admitted without naming anything,
 * admitted without naming anything while it holds a role (`staff: self`), or scoped.
 */
function standing(op: OperationDef, kind: Principal['kind']): 'public' | 'not admitted' | 'self' | 'role' | 'open' | 'scoped' {
  if (op.policy.public) return 'public';
  // The anyone principal (no token needed, a sign-in token if sent) holds for anonymous and signed-in callers.
  const anyone = (g: OperationDef['policy']['grants'][number]) => tokenKindOf(g.principal) === 'optional' && (kind === 'anonymous' || kind === 'user');
  // Any existing association is open to anyone: nothing to refuse.
  if (op.policy.grants.some((g) => anyone(g) && g.scopes.every((s) => s.resource === 'association'))) return 'open';
  const grants = op.policy.grants.filter((g) => tokenKindOf(g.principal) === kind || anyone(g));
  if (grants.length === 0) return 'not admitted';
  const unnamed = grants.filter((g) => g.scopes.length === 0);
  if (unnamed.some((g) => SELF_CHECKS[g.principal] === undefined)) return 'self';
  return unnamed.length > 0 ? 'role' : 'scoped';
}

/** The role principals (staff, admin) whose `self` grant admits a caller holding the role. */
const rolesOf = (op: OperationDef) => op.policy.grants.filter((g) => g.scopes.length === 0 && SELF_CHECKS[g.principal] !== undefined).map((g) => g.principal);

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

/** A legacy auto-draft enrolled by the caller on an account without a balance, and the id of the authorization it signed. */
async function enrolledLegacyAutoDraft(client: ReturnType<typeof api>, accountNumber: string): Promise<{ autoDraftId: string; acknowledgementId: string }> {
  const setup = await client.post('/LegacyAutoDraft/Setup', { accountNumber, startMonth: '2026-04', pullDay: 5, bank: TEST_BANK_ENTRY });
  expect(setup.status, setup.body).toBe(201);
  const enrolled = await client.put('/LegacyAutoDraft/Enroll', { autoDraftId: setup.json.autoDraft.autoDraftId });
  expect(enrolled.status, enrolled.body).toBe(200);
  const acknowledgements = await client.get(`/Acknowledgement?accountNumber=${accountNumber}`);
  return { autoDraftId: setup.json.autoDraft.autoDraftId, acknowledgementId: acknowledgements.json.acknowledgements[0].id };
}

describe('authorization matrix over every operation of openapi/', () => {
  const database = useTestDatabase('pglite');
  const clock = createTestClock();
  let app: FastifyInstance;
  let docs: OpenApiDoc[];
  let operations: OperationDef[];
  const principals: Principal[] = [];
  const reached: string[] = [];
  const db = () => database.current.db;
  const one = async (sql: string, params: unknown[] = []) => (await db().query<{ id: number | string }>(sql, params)).rows[0].id;

  beforeAll(async () => {
    docs = await loadOpenApiDir(path.join(repoRoot, 'openapi'));
    operations = docs.flatMap((d) => d.operations);
    app = await testApp(db(), { clock: clock.now, sandboxProvider: true, handlers: recording(reached) });

    // Another management company with its own association and a manager of its own.
    const northwind = await one(`INSERT INTO management_companies (code, name) VALUES ('northwind', 'Northwind Property Group') RETURNING id`);
    const birch = Number(await one(`INSERT INTO associations (management_company_id, code, name, provider_account) VALUES ($1, 'birchhollow', 'Birch Hollow HOA', 'acct_birchhollow') RETURNING id`, [northwind]));
    const otherManager = { email: 'manager@northwind.example', password: 'Northwind#2026' };
    const otherManagerId = await one(
      `INSERT INTO users (management_company_id, email, password_hash, first_name, last_name) VALUES ($1, $2, $3, 'Avery', 'Stone') RETURNING id`,
      [northwind, otherManager.email, await testPasswords.hash(otherManager.password)],
    );
    await db().query(`INSERT INTO management_staff (user_id, role) VALUES ($1, 'admin')`, [otherManagerId]);
    // A Birch Hollow homeowner's message thread and request: Northwind's, out of Summit staff's scope.
    const birchOwner = await one(`INSERT INTO users (management_company_id, email, password_hash, first_name, last_name) VALUES ($1, 'owner@birch.example', 'x', 'Sam', 'Birch') RETURNING id`, [northwind]);
    const birchAccount = await one(
      `INSERT INTO accounts (association_id, account_number, owner_user_id, address1, city, state_province, postal_code) VALUES ($1, '900001', $2, '1 Birch Way', 'Boise', 'ID', '83702') RETURNING id`,
      [birch, birchOwner],
    );
    const birchThread = await one(`INSERT INTO message_threads (association_id, homeowner_user_id, subject, created_at, last_message_at) VALUES ($1, $2, 'Birch', now(), now()) RETURNING id`, [birch, birchOwner]);
    const birchRequest = await one(
      `INSERT INTO homeowner_requests (account_id, association_id, submitted_by_user_id, kind, subject, description, status, submitted_at, updated_at)
       VALUES ($1, $2, $3, 'general', 'Birch', 'Birch', 'open', now(), now()) RETURNING id`,
      [birchAccount, birch, birchOwner],
    );

    const maple = await associationId(db(), 'maplegrove');
    const cedar = await associationId(db(), 'cedarpoint');
    // Library documents: Maple Grove's board-only ones (demo data), and one each at Cedar Point
    // (board only: hidden from Maple Grove's board) and Birch Hollow (hidden from Summit's staff).
    const libraryItem = async (association: number, permission: string) => {
      const folder = Number(await one(`INSERT INTO document_folders (association_id, name, permission, created_at) VALUES ($1, 'Restricted', $2, now()) RETURNING id`, [association, permission]));
      const document = Number(await one(`INSERT INTO documents (association_id, folder_id, name, content_type, size_bytes, uploaded_at) VALUES ($1, $2, 'a.txt', 'text/plain; charset=utf-8', 0, now()) RETURNING id`, [association, folder]));
      return { document, documentFolder: folder };
    };
    const mapleBoardOnly = {
      document: Number(await one(`SELECT d.id FROM documents d JOIN document_folders f ON f.id = d.folder_id WHERE d.association_id = $1 AND f.permission = 'board' LIMIT 1`, [maple])),
      documentFolder: Number(await one(`SELECT id FROM document_folders WHERE association_id = $1 AND permission = 'board' LIMIT 1`, [maple])),
      documentLibrary: maple,
    };
    const cedarBoardOnly = { ...(await libraryItem(cedar, 'board')), documentLibrary: cedar };
    const birchOwnersOnly = { ...(await libraryItem(birch, 'owners')), documentLibrary: birch };
    const home = await signIn(app, DEMO.homeowner);
    const paid = await signIn(app, DEMO.paid);
    const homeApi = api(app, home.token);
    const paidApi = api(app, paid.token);

    // The homeowner's resources: the demo Visa, a payment setup, a method setup.
    const homeLedger = await subLedgerId(db(), '100234');
    const homeLateFees = await subLedgerId(db(), '100234', 'Late fees');
    const homeVisa = Number(await one('SELECT id FROM payment_methods WHERE owner_user_id = $1', [home.userId]));
    const homePayment = await homeApi.post('/Payment/Setup', { subLedgerId: homeLedger, amountCents: 500, paymentMethodId: homeVisa });
    expect(homePayment.status, homePayment.body).toBe(201);
    const homeSetup = await homeApi.post('/PaymentMethod/Setup', { associationId: maple, kind: 'card' });
    expect(homeSetup.status, homeSetup.body).toBe(200);
    const homeRecurring = await homeApi.post('/RecurringPayment/Setup', {
      subLedgerId: homeLedger, paymentMethodId: homeVisa, frequency: 'monthly', startDate: '2026-03-20', amount: { kind: 'fullBalance' },
    });
    expect(homeRecurring.status, homeRecurring.body).toBe(201);

    // The homeowner's legacy auto-draft at Cedar Point (its recurring payment removed and its balance
    // paid first: an account pays automatically one way at a time) and the authorization it signed.
    for (const r of (await homeApi.get('/RecurringPayment?accountNumber=200411')).json.recurringPayments) {
      expect((await homeApi.del(`/RecurringPayment/${r.recurringPaymentId}`)).status).toBe(204);
    }
    const homeCedar = await subLedgerId(db(), '200411');
    await db().query(`INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description) VALUES ($1, 'credit', -245000, 'Paid in full')`, [homeCedar]);
    const homeAutoDraft = await enrolledLegacyAutoDraft(homeApi, '200411');

    // The other homeowner's: something to pay, a saved method, a payment setup, a method setup.
    const paidLedger = await subLedgerId(db(), '100235');
    await db().query(`INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description) VALUES ($1, 'charge', 20000, 'Quarterly assessment')`, [paidLedger]);
    const paidMethod = await saveMethod(app, paidApi, maple, 'visa');
    const paidPayment = await paidApi.post('/Payment/Setup', { subLedgerId: paidLedger, amountCents: 500, paymentMethodId: paidMethod.id });
    expect(paidPayment.status, paidPayment.body).toBe(201);
    const paidSetup = await paidApi.post('/PaymentMethod/Setup', { associationId: maple, kind: 'card' });
    expect(paidSetup.status, paidSetup.body).toBe(200);
    const paidRecurring = await paidApi.post('/RecurringPayment/Setup', {
      subLedgerId: paidLedger, paymentMethodId: paidMethod.id, frequency: 'quarterly', startDate: '2026-03-31', amount: { kind: 'fixed', amountCents: 5000 },
    });
    expect(paidRecurring.status, paidRecurring.body).toBe(201);

    const paidAutoDraft = await enrolledLegacyAutoDraft(paidApi, '200413');

    // Message threads and requests: the demo's for the homeowner, one thread and the demo request for the other.
    const homeThread = Number(await one('SELECT id FROM message_threads WHERE homeowner_user_id = $1 ORDER BY id LIMIT 1', [home.userId]));
    const paidThread = Number(
      await one(`INSERT INTO message_threads (association_id, homeowner_user_id, subject, created_at, last_message_at) VALUES ($1, $2, 'Hello', now(), now()) RETURNING id`, [maple, paid.userId]),
    );
    const homeRequest = Number(await one(`SELECT r.id FROM homeowner_requests r JOIN accounts ac ON ac.id = r.account_id WHERE ac.owner_user_id = $1 ORDER BY r.id LIMIT 1`, [home.userId]));
    const paidRequest = Number(await one(`SELECT r.id FROM homeowner_requests r JOIN accounts ac ON ac.id = r.account_id WHERE ac.owner_user_id = $1 ORDER BY r.id LIMIT 1`, [paid.userId]));
    // Architectural requests under board review: Maple Grove's (demo data; the homeowners and staff
    // sit on no board) and one at Cedar Point (not Maple Grove's board's).
    const mapleArc = Number(await one(`SELECT id FROM homeowner_requests WHERE kind = 'architectural' AND association_id = $1 ORDER BY id LIMIT 1`, [maple]));
    const cedarArc = Number(
      await one(
        `INSERT INTO homeowner_requests (account_id, association_id, submitted_by_user_id, kind, subject, description, status, submitted_at, updated_at,
                                         architectural_type, architectural_step, due_date)
         SELECT ac.id, ac.association_id, ac.owner_user_id, 'architectural', 'Cedar balcony', 'Glass balcony rail', 'open', now(), now(), 'other', 'submitted', current_date + 30
           FROM accounts ac WHERE ac.account_number = '200411' RETURNING id`,
      ),
    );

    // Two guest sessions on the other homeowner's account; the second one's payment is not the first one's.
    const guest = await guestSession(app, '100235', '30301', 'guest-one@example.org');
    const otherGuest = await guestSession(app, '100235', '30301', 'guest-two@example.org');
    const otherGuestPayment = await call(app, 'POST', `${GUEST}/payment`, { token: otherGuest, body: { subLedgerId: paidLedger, amountCents: 700, methodKind: 'card' } });
    expect(otherGuestPayment.status, otherGuestPayment.body).toBe(201);

    // A checkout link for the homeowner's first sub-ledger (Assessments).
    const link = await createCheckoutLinkForAccount({ db: db(), clock: app.services.clock, tokens: app.services.expressTokens }, '100234');
    const express = await call(app, 'POST', '/api/express-pay/authenticate', { body: { strategy: 'link', link: link!.token } });
    expect(express.status, express.body).toBe(200);

    const homeowners: Record<ResourceKind, unknown> = {
      self: home.userId,
      account: '100234',
      subLedger: homeLedger,
      association: cedar,
      payment: homePayment.json.paymentId,
      paymentMethod: homeVisa,
      methodSetup: homeSetup.json.setupIntentId,
      recurringPayment: homeRecurring.json.recurringPayment.recurringPaymentId,
      autoDraft: homeAutoDraft.autoDraftId,
      acknowledgement: homeAutoDraft.acknowledgementId,
      messageThread: homeThread,
      homeownerRequest: homeRequest,
      arcRequest: mapleArc,
      ...mapleBoardOnly,
    };
    const paidOwn: Record<ResourceKind, unknown> = {
      self: paid.userId,
      account: '100235',
      subLedger: paidLedger,
      association: maple,
      payment: paidPayment.json.paymentId,
      paymentMethod: paidMethod.id,
      methodSetup: paidSetup.json.setupIntentId,
      recurringPayment: paidRecurring.json.recurringPayment.recurringPaymentId,
      autoDraft: paidAutoDraft.autoDraftId,
      acknowledgement: paidAutoDraft.acknowledgementId,
      messageThread: paidThread,
      homeownerRequest: paidRequest,
      arcRequest: mapleArc,
      ...mapleBoardOnly,
    };
    // Homeowners read library documents but manage none: none of these is their own.
    const notOwnLibrary = { document: undefined, documentFolder: undefined, documentLibrary: undefined };
    const signedIn = async (label: string, who: { email: string; password: string }, foreign: Partial<Record<ResourceKind, unknown>>, roles: string[] = []) => {
      const { token, userId } = await signIn(app, who);
      principals.push({ label, token, kind: 'user', foreign: { ...homeowners, ...foreign }, own: { self: userId }, roles });
    };
    principals.push({ label: 'anonymous', token: null, kind: 'anonymous', foreign: homeowners, own: {} });
    // The homeowner owns accounts at Maple Grove and Cedar Point, none at Birch Hollow.
    principals.push({ label: 'homeowner', token: home.token, kind: 'user', foreign: { ...paidOwn, association: birch }, own: { ...homeowners, ...notOwnLibrary } });
    // The other homeowner owns accounts at Maple Grove and Cedar Point too (200413, for the legacy auto-draft).
    principals.push({ label: 'another homeowner', token: paid.token, kind: 'user', foreign: { ...homeowners, association: birch }, own: { ...paidOwn, ...notOwnLibrary } });
    await signedIn('board member (Maple Grove)', DEMO.board, { association: cedar, arcRequest: cedarArc, ...cedarBoardOnly });
    await signedIn('chair (Maple Grove)', DEMO.chair, { association: cedar, arcRequest: cedarArc, ...cedarBoardOnly });
    const birchOnly = { association: birch, messageThread: birchThread, homeownerRequest: birchRequest, ...birchOwnersOnly };
    await signedIn('management admin (Summit)', DEMO.manager, birchOnly, ['staff', 'admin']);
    // Staff without the admin's role: refused what only admins do, their own company's included (tests/server/management-board.test.ts, settings.test.ts).
    await signedIn('management staff, not admin (Summit)', DEMO.staff, birchOnly, ['staff']);
    await signedIn('manager of another company', otherManager, { association: maple }, ['staff', 'admin']);
    principals.push({ label: 'guest session', token: guest, kind: 'guest', foreign: { ...homeowners, payment: otherGuestPayment.json.paymentId }, own: { subLedger: paidLedger } });
    principals.push({ label: 'express link', token: express.json.token, kind: 'express', foreign: { ...homeowners, subLedger: homeLateFees }, own: { subLedger: homeLedger } });

    // Every token works where it is in scope, so the refusals below are about scope, not broken tokens.
    for (const p of principals.filter((q) => q.kind === 'user')) expect((await call(app, 'GET', '/api/users/Security', { token: p.token! })).status).toBe(200);
    expect((await call(app, 'GET', `${GUEST}/account`, { token: guest })).status).toBe(200);
    expect((await call(app, 'GET', '/api/express-pay/account', { token: express.json.token })).status).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('skips only what x-policy puts in scope without naming anything, and that list is the reviewed one', () => {
    const declared: Record<string, string[]> = { public: [], user: [], guest: [], express: [], anyone: [], staff: [] };
    for (const op of operations) {
      if (op.policy.public) declared.public.push(op.operationId);
      if (standing(op, 'anonymous') === 'open') declared.anyone.push(op.operationId);
      for (const kind of ['user', 'guest', 'express'] as const) if (standing(op, kind) === 'self') declared[kind].push(op.operationId);
      if (standing(op, 'user') === 'role') for (const role of rolesOf(op)) (declared[role] ??= []).push(op.operationId);
    }
    for (const list of Object.values(declared)) list.sort();
    expect(declared).toEqual(IN_SCOPE_BY_DECLARATION);
  });

  it('scopes every parameter that names a resource, except the reviewed few', () => {
    const unscoped: string[] = [];
    for (const op of operations.filter((o) => !o.policy.public)) {
      const scoped = scopedParameters(op);
      const body = op.body ? Object.keys((schemaResolver(docs)(op.body.schema).properties ?? {}) as object).map((name) => `body.${name}`) : [];
      for (const key of [...op.parameters.map((p) => `${p.in}.${p.name}`), ...body]) {
        if (NAMES_A_RESOURCE.test(key.split('.').slice(1).join('.')) && !scoped.has(key)) unscoped.push(`${op.operationId} ${key}`);
      }
    }
    expect(unscoped.sort()).toEqual(Object.keys(NOT_SCOPED).sort());
  });

  // Hundreds of calls, each followed by a fingerprint of the whole demo database: half a minute on
  // a quiet machine, more while the other suites run beside it.
  it('refuses every caller every resource that is not theirs, and changes nothing', { timeout: 240_000 }, async () => {
    const resolve = schemaResolver(docs);
    const before = await databaseFingerprint(db());
    const refused: string[] = [];
    for (const op of operations) {
      const scoped = [...scopedParameters(op).keys()];
      for (const p of principals) {
        const stand = standing(op, p.kind);
        if (stand === 'public' || stand === 'self' || stand === 'open') continue;
        // Staff are in scope of their own company's console for their role (the handlers answer for it alone: tests/server/management-console.test.ts).
        if (stand === 'role' && rolesOf(op).some((role) => p.roles?.includes(role))) continue;
        // Not admitted: one call. Scoped: one call per scoped parameter naming someone else's resource;
        // a role's self grant (no parameter) refused to a caller without the role: one call.
        const targets = stand === 'not admitted' || scoped.length === 0 ? [null] : scoped;
        for (const target of targets) {
          const othersOwn = scoped.every((key) => key === target || p.own[scopedParameters(op).get(key)!] !== undefined);
          const request = requestFor(op, (key, kind) => (key === target || target === null || p.own[kind] === undefined ? p.foreign[kind] : p.own[kind]), resolve);
          reached.length = 0;
          const res = await call(app, request.method, request.url, { token: p.token ?? undefined, body: request.body });
          const what = `${op.operationId} by ${p.label}: ${request.method} ${request.url} ${JSON.stringify(request.body ?? null)} -> ${res.status} ${res.body}`;
          if (stand === 'not admitted') {
            expect(res.status, what).toBe(401);
            expectErrorShape(res, 401, 'AUTH002');
          } else {
            expect([403, 404], what).toContain(res.status);
            expectErrorShape(res, res.status);
            // With every other parameter the caller's own, the refusal is the target's.
            const kinds: ResourceKind[] =
              target === null && stand === 'role' ? ['self'] : othersOwn ? [scopedParameters(op).get(target!)!] : op.policy.grants.flatMap((g) => g.scopes.map((s) => s.resource));
            expect(kinds.map((k) => REFUSAL_CODES[k]), what).toContain(res.json.errorCode);
          }
          expect(reached, `${what}\nreached the handler`).toEqual([]);
          expect(await databaseFingerprint(db()), `${what}\nchanged the database`).toEqual(before);
          refused.push(`${op.operationId} ${p.label}`);
        }
      }
    }
    // Every operation that is not public was called by every kind of caller it does not simply admit.
    const scopedOps = operations.filter((op) => !op.policy.public);
    expect(new Set(refused.map((r) => r.split(' ')[0]))).toEqual(new Set(scopedOps.map((op) => op.operationId)));
  });

  // The audit trail is the admins' alone: the matrix above skips the Summit admin (in scope by
  // declaration) and has no staff member who is not an admin; here is each kind of caller.
  it("answers the audit trail to a company's admins only, each about their own company", async () => {
    const maple = await associationId(db(), 'maplegrove');
    const lakeshore = await associationId(db(), 'lakeshore');
    const token = async (who: { email: string; password: string }) => (await signIn(app, who)).token;
    const audit = async (who: string | null, query = '') => {
      reached.length = 0;
      return call(app, 'GET', `/api/management/Audit${query}`, { token: who ?? undefined });
    };
    const admin = await token(DEMO.manager);
    expect((await audit(admin, `?associationId=${maple}`)).status).toBe(200);
    expect((await audit(admin, '?format=csv')).status).toBe(200);
    expectErrorShape(await audit(admin, `?associationId=${lakeshore}`), 404, 'GP001');
    const lakesideAdmin = await token(DEMO.lakesideAdmin);
    expectErrorShape(await audit(lakesideAdmin, `?associationId=${maple}`), 404, 'GP001');
    const theirs = await audit(lakesideAdmin);
    expect(theirs.status).toBe(200);
    expect(theirs.body).not.toMatch(/Maple|Cedar|Summit/);
    for (const who of [DEMO.staff, DEMO.homeowner, DEMO.board]) {
      for (const query of ['', `?associationId=${maple}`, '?format=csv']) {
        expectErrorShape(await audit(await token(who), query), 403, 'AUTH003');
        expect(reached, `${who.email} reached the handler`).toEqual([]);
      }
    }
    expectErrorShape(await audit(null), 401, 'AUTH002');
    expect(reached).toEqual([]);
  });
});

// The console's people for each kind of caller: the company's admin and staff find and open their
// own company's owners; another company's admin finds none of them and gets 404 on their page;
// owners and board members are refused (403 AUTH003), anyone not signed in 401; nothing changes.
describe("the console's people by caller", () => {
  const database = useTestDatabase('pglite');
  let app: FastifyInstance;
  const db = () => database.current.db;

  beforeAll(async () => {
    app = await testApp(db(), { clock: createTestClock().now });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers admin and staff for their own company only, and refuses everyone else', async () => {
    const owner = await signIn(app, DEMO.homeowner);
    const tokens: Partial<Record<keyof typeof DEMO, string>> = {};
    for (const who of ['manager', 'staff', 'lakesideAdmin', 'homeowner', 'board', 'chair', 'lakesideOwner'] as const) tokens[who] = (await signIn(app, DEMO[who])).token;
    // Signing in writes sessions; from here on nothing may change.
    const before = await databaseFingerprint(db());
    const search = `/api/management/People?search=${encodeURIComponent('homeowner@example.com')}`;
    const page = `/api/management/People/${owner.userId}`;
    for (const who of ['manager', 'staff'] as const) {
      const found = await call(app, 'GET', search, { token: tokens[who] });
      expect(found.status, `${who}: ${found.body}`).toBe(200);
      expect(found.json.rows.map((r: { userId: number }) => r.userId), who).toEqual([owner.userId]);
      expect((await call(app, 'GET', page, { token: tokens[who] })).status, who).toBe(200);
    }
    expect((await call(app, 'GET', search, { token: tokens.lakesideAdmin })).json).toEqual({ rows: [], lastRow: 0 });
    expectErrorShape(await call(app, 'GET', page, { token: tokens.lakesideAdmin }), 404, 'PPL001');
    for (const who of ['homeowner', 'board', 'chair', 'lakesideOwner'] as const) {
      expectErrorShape(await call(app, 'GET', search, { token: tokens[who] }), 403, 'AUTH003');
      expectErrorShape(await call(app, 'GET', page, { token: tokens[who] }), 403, 'AUTH003');
    }
    expectErrorShape(await call(app, 'GET', search), 401, 'AUTH002');
    expectErrorShape(await call(app, 'GET', page), 401, 'AUTH002');
    expect(await databaseFingerprint(db())).toEqual(before);
  });
});
