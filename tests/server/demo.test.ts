// Demo data: into an empty PGlite by default; into PostgreSQL only when asked (DEMO_DATA=1);
// never twice. Also: the generated signing secret is shared through the database.
import { describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';
import { BACKENDS, DEMO, TEST_PASSWORD_COST, call, count, createTestClock, createTestDatabase, dataOf, postgresUrl, signIn, testApp, clients, expectStatus } from './helpers.ts';
import { api, associationId } from './billing-helpers.ts';

describe('demo data', () => {
  // Two starts on a new on-disk database, the first seeding the whole demo (about 300 homes with
  // their ledgers and schedules): over a minute when both cores are busy with other suites.
  it('loads into an empty embedded database by default, exactly once, and survives a restart', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-demo-'));
    const dataDir = path.join(dir, 'nested', 'data'); // parent folders are created
    try {
      const options = { dataDir, passwordCost: TEST_PASSWORD_COST, staticDir: null, logger: false as const };
      const first = await buildApp(options);
      const db = first.services.db;
      expect(db.kind).toBe('pglite');
      expect(await count(db, 'users')).toBe(23); // 7 (staff@ among them) + Lakeside's admin and owner (server/demo/lakeside.ts) + ten Maple Grove residents + noprimary@ (server/demo/profile.ts) + board2@..board4@ (server/demo/arc-review.ts)
      const { rows } = await db.query<{ account_number: string; balance: string | number; blocked: boolean; zip: string; key: string | null; assoc: string; template: string }>(
        `SELECT ac.account_number, SUM(sl.balance_cents) AS balance, ac.payments_blocked AS blocked, ac.postal_code AS zip,
                ac.registration_key AS key, a.code AS assoc, a.design_template AS template
           FROM accounts ac JOIN associations a ON a.id = ac.association_id JOIN sub_ledgers sl ON sl.account_id = ac.id
          WHERE ac.owner_name IS NULL
          GROUP BY ac.id, a.id ORDER BY ac.account_number`,
      );
      expect(rows.map((r) => [r.account_number, Number(r.balance), r.blocked, r.zip, r.key, r.assoc, r.template])).toEqual([
        ['100234', 24500, false, '30301', null, 'maplegrove', 'Evergreen'],
        ['100235', 0, false, '30301', null, 'maplegrove', 'Evergreen'],
        ['100236', 12000, true, '30301', null, 'maplegrove', 'Evergreen'],
        ['100237', 7500, false, '30301', 'MG-REG-2026', 'maplegrove', 'Evergreen'],
        ['100238', 0, false, '30301', null, 'maplegrove', 'Evergreen'], // auto-draft (portal): autopay@example.com
        ['100240', 0, false, '30301', null, 'maplegrove', 'Evergreen'], // the resident directory (server/demo/profile.ts)
        ['100241', 0, false, '30301', null, 'maplegrove', 'Evergreen'],
        ['100242', 0, false, '30301', null, 'maplegrove', 'Evergreen'],
        ['100243', 0, false, '30301', null, 'maplegrove', 'Evergreen'],
        ['100244', 0, false, '30301', null, 'maplegrove', 'Evergreen'],
        ['100245', 0, false, '30301', null, 'maplegrove', 'Evergreen'],
        ['100246', 0, false, '30301', null, 'maplegrove', 'Evergreen'],
        ['100247', 0, false, '30301', null, 'maplegrove', 'Evergreen'],
        ['100248', 0, false, '30301', null, 'maplegrove', 'Evergreen'],
        ['100249', 0, false, '30301', null, 'maplegrove', 'Evergreen'],
        ['200411', 245000, false, '33139', null, 'cedarpoint', 'Harbor'],
        ['200413', 0, false, '33139', null, 'cedarpoint', 'Harbor'], // auto-draft (legacy): paid@example.com's second account
        ['200415', 30000, false, '33139', null, 'cedarpoint', 'Harbor'], // PA037: noprimary@example.com has no primary e-mail
        ['300100', 5000, false, '10001', null, 'demoville', 'Default'], // payments: the unconnected test account (PA007)
        ['400101', 18500, false, '53703', null, 'lakeshore', 'Harbor'], // another management company's (server/demo/lakeside.ts)
      ]);
      // Maple Grove's other homes (server/demo/maple-grove-homes.ts): owners of record who have not registered, owing nothing
      // but three behind on their dues (server/demo/delinquent-homes.ts).
      const homes = await db.query<{ n: number; owing: number; first: string; last: string; assoc: string }>(
        `SELECT count(*)::integer AS n, count(*) FILTER (WHERE sl.balance_cents <> 0)::integer AS owing, min(ac.account_number) AS first,
                max(ac.account_number) AS last, min(a.code) AS assoc
           FROM accounts ac JOIN associations a ON a.id = ac.association_id JOIN sub_ledgers sl ON sl.account_id = ac.id
          WHERE ac.owner_name IS NOT NULL AND ac.owner_user_id IS NULL`,
      );
      expect(homes.rows[0]).toEqual({ n: 280, owing: 3, first: '101001', last: '101280', assoc: 'maplegrove' });
      const secret = (await db.query<{ value: string }>(`SELECT value FROM settings WHERE key = 'jwt_secret'`)).rows[0].value;
      const { token } = await signIn(first, DEMO.homeowner);
      await first.close();

      const second = await buildApp({ ...options, demoData: true });
      expect(await count(second.services.db, 'users')).toBe(23);
      expect(await count(second.services.db, 'ledger_entries')).toBe(25); // 15 of the seed's own accounts, 9 of the delinquent homes, 1 of Lakeside's
      expect((await second.services.db.query<{ value: string }>(`SELECT value FROM settings WHERE key = 'jwt_secret'`)).rows[0].value).toBe(secret);
      // A token from the first run is still valid: the secret is persisted, not per process.
      expect((await call(second, 'GET', '/api/users/HomeSettings', { token })).status).toBe(200);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('reads DEMO_DATA and the other settings from the environment', () => {
    expect(configFromEnv({ DEMO_DATA: '1' }).app.demoData).toBe(true);
    expect(configFromEnv({ DEMO_DATA: '0' }).app.demoData).toBe(false);
    expect(configFromEnv({}).app.rateLimits).toBeUndefined();
    expect(configFromEnv({ SIGN_IN_ATTEMPTS_PER_IP: '500' }).app.rateLimits).toEqual({ authenticateIp: { limit: 500, windowSeconds: 900 } });
    expect(configFromEnv({ SIGN_IN_ATTEMPTS_PER_EMAIL: '20', SIGN_IN_ATTEMPTS_PER_IP: '400' }).app.rateLimits)
      .toEqual({ authenticate: { limit: 20, windowSeconds: 900 }, authenticateIp: { limit: 400, windowSeconds: 900 } });
    expect(() => configFromEnv({ SIGN_IN_ATTEMPTS_PER_EMAIL: '0' })).toThrow('SIGN_IN_ATTEMPTS_PER_EMAIL must be a whole number from 1 to 100000');
    expect(configFromEnv({}).app.demoData).toBeUndefined();
    const c = configFromEnv({ PORT: '18123', HOST: '127.0.0.1', DATA_DIR: 'x', NODE_ENV: 'production', PUBLIC_URL: 'https://a.example', FRAME_ANCESTORS: "'self' https://a.example" });
    expect(c).toMatchObject({ port: 18123, host: '127.0.0.1', app: { nodeEnv: 'production', frameAncestors: "'self' https://a.example" } });
    expect(c.app.dataDir).toBe(path.resolve('x'));
    expect(configFromEnv({}).port).toBe(8080);
    expect(configFromEnv({}).host).toBe('0.0.0.0');
    expect(configFromEnv({}).app.staticDir).toBe(path.resolve('dist'));
  });

  it('reads PUBLIC_URL, the address links in mail are built on; without it, the server\'s own', () => {
    expect(configFromEnv({ PUBLIC_URL: 'https://portal.example.org/' }).app.publicUrl).toBe('https://portal.example.org');
    expect(configFromEnv({ PUBLIC_URL: 'https://hoa.example.com/portal/' }).app.publicUrl).toBe('https://hoa.example.com/portal');
    expect(configFromEnv({}).app.publicUrl).toBe('http://localhost:8080');
    expect(configFromEnv({ PORT: '18123', HOST: '127.0.0.1' }).app.publicUrl).toBe('http://127.0.0.1:18123');
    // A live portal on its own listening address would mail links nobody outside can follow.
    expect(() => configFromEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })).toThrow(/Cannot start in production without PUBLIC_URL/);
    expect(configFromEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example.org' }).app.publicUrl).toBe('https://portal.example.org');
    for (const bad of ['portal.example.org', 'ftp://portal.example.org', 'https://portal.example.org/?x=1', 'https://user:pw@portal.example.org']) {
      expect(() => configFromEnv({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
  });

  it.skipIf(!postgresUrl)('is not loaded into PostgreSQL unless DEMO_DATA=1', async () => {
    const database = await createTestDatabase('postgres');
    try {
      const plain = await buildApp({ databaseUrl: database.url, passwordCost: TEST_PASSWORD_COST, staticDir: null, logger: false });
      expect(plain.services.db.kind).toBe('postgres');
      expect(await count(database.db, 'users')).toBe(0);
      expect(await count(database.db, 'schema_migrations')).toBeGreaterThan(0);
      expect((await call(plain, 'POST', '/api/users/Users/Authenticate', { body: DEMO.homeowner })).status).toBe(401);
      await plain.close();
      const withDemo = await buildApp({ ...configFromEnv({ DEMO_DATA: '1', DATABASE_URL: database.url }).app, passwordCost: TEST_PASSWORD_COST, staticDir: null, logger: false });
      expect(await count(database.db, 'users')).toBe(23);
      expect((await call(withDemo, 'POST', '/api/users/Users/Authenticate', { body: DEMO.homeowner })).status).toBe(200);
      await withDemo.close();
    } finally {
      await database.dispose();
    }
  });

  it.each(BACKENDS)('is not loaded into a database that already has data (%s)', async (kind) => {
    const database = await createTestDatabase(kind);
    try {
      await database.db.query(`INSERT INTO management_companies (code, name) VALUES ('acme', 'Acme Management')`);
      const app = await testApp(database.db, { demoData: true });
      expect(await count(database.db, 'users')).toBe(0);
      expect(await count(database.db, 'management_companies')).toBe(1);
      await app.close();
    } finally {
      await database.dispose();
    }
  });

  it.each(BACKENDS)('has a management company managing Maple Grove and Cedar Point, whose manager signs in (%s)', async (kind) => {
    const database = await createTestDatabase(kind);
    try {
      const app = await testApp(database.db, { demoData: true });
      try {
        const { rows } = await database.db.query<{ company: string; associations: string[]; role: string; email: string }>(
          `SELECT c.code AS company, ARRAY(SELECT a.code FROM associations a WHERE a.management_company_id = c.id ORDER BY a.code) AS associations,
                  s.role, u.email
             FROM management_staff s JOIN users u ON u.id = s.user_id JOIN management_companies c ON c.id = u.management_company_id`,
        );
        // Summit's admin and staff member; Lakeside's admin, whose company manages an association of its own.
        expect(rows.map((r) => [r.company, r.role, r.email]).sort()).toEqual([
          ['lakeside', 'admin', DEMO.lakesideAdmin.email],
          ['summit', 'admin', DEMO.manager.email],
          ['summit', 'staff', DEMO.staff.email],
        ]);
        expect(rows.find((r) => r.email === DEMO.manager.email)!.associations).toEqual(expect.arrayContaining(['maplegrove', 'cedarpoint']));
        expect(rows.find((r) => r.company === 'lakeside')!.associations).toEqual(['lakeshore']);
        // Staff, not a homeowner: no account of their own.
        expect(await count(database.db, 'accounts WHERE owner_user_id IN (SELECT user_id FROM management_staff)')).toBe(0);
        const { token, userId } = await signIn(app, DEMO.manager);
        const user = await clients(app, token).users.getUser(userId);
        expectStatus(user, 200);
        expect(user.data).toMatchObject({ email: DEMO.manager.email, firstName: 'Riley', lastName: 'Chen', managementRole: 'admin' });
        const staff = await signIn(app, DEMO.staff);
        expect((await clients(app, staff.token).users.getUser(staff.userId)).data).toMatchObject({ managementRole: 'staff' });
        const owner = await signIn(app, DEMO.homeowner);
        expect((await clients(app, owner.token).users.getUser(owner.userId)).data).toMatchObject({ managementRole: null });
        expect((await clients(app, token).users.getHomeSettings()).status).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await database.dispose();
    }
  });

  it.each(BACKENDS)('has a confirmed recurring payment at Cedar Point (200411), paid by a Visa 4242 saved there, 3 days after the seed (%s)', async (kind) => {
    const database = await createTestDatabase(kind);
    const clock = createTestClock(new Date('2026-03-02T15:00:00Z'));
    try {
      const app = await testApp(database.db, { demoData: true, sandboxProvider: true, clock: clock.now });
      try {
        const home = api(app, (await signIn(app, DEMO.homeowner)).token);
        const cedarPoint = await associationId(database.db, 'cedarpoint');
        const methods = (await dataOf(home.typed.listPaymentMethods(), 200)).paymentMethods;
        const visa = methods.find((m) => m.associationId === cedarPoint)!;
        expect(visa).toMatchObject({ kind: 'card', brand: 'visa', last4: '4242' });
        // One at each association: the Maple Grove Visa is still there.
        expect(methods.filter((m) => m.associationId === cedarPoint)).toHaveLength(1);
        const maple = await associationId(database.db, 'maplegrove');
        expect(methods.filter((m) => m.associationId === maple)).toMatchObject([{ kind: 'card', brand: 'visa', last4: '4242' }]);
        const recurring = (await dataOf(home.typed.listRecurringPayments(), 200)).recurringPayments.filter((r) => r.accountNumber === '200411');
        expect(recurring).toHaveLength(1);
        expect(recurring[0]).toMatchObject({
          subLedgerName: 'Assessments',
          frequency: 'monthly',
          dayOfMonth: 5,
          startDate: '2026-03-05',
          nextPaymentDate: '2026-03-05',
          amount: { kind: 'fixed', amountCents: 24500 },
          paymentMethodId: visa.id,
          method: { kind: 'card', brand: 'visa', last4: '4242' },
          status: 'active',
          consecutiveFailures: 0,
          changeable: true,
        });
        // Its authorization, kept as the API keeps it (recordAuthorization).
        const { rows } = await database.db.query<{ text: string; amount_kind: string; amount_cents: string | number }>(
          `SELECT text, amount_kind, amount_cents FROM recurring_payment_authorizations WHERE recurring_payment_id = $1`,
          [recurring[0].recurringPaymentId],
        );
        expect(rows).toHaveLength(1);
        expect({ ...rows[0], amount_cents: Number(rows[0].amount_cents) }).toMatchObject({ amount_kind: 'fixed', amount_cents: 24500 });
        expect(rows[0].text).toMatch(
          /^I authorize Cedar Point Condominiums and its payment processor to charge my Visa card ending in 4242 every month on the 5th, starting March 5, 2026, for account 200411 \(Assessments\): \$245\.00 /,
        );
        // Three days on, the due work charges it.
        clock.advance(3 * 24 * 3600 * 1000);
        const report = await app.services.jobs.runDueWork();
        expect(report.failed).toEqual({});
        const paid = await database.db.query<{ amount_cents: string | number; status: string }>(
          `SELECT p.amount_cents, p.status FROM payments p JOIN recurring_payment_occurrences o ON o.payment_id = p.id WHERE o.recurring_payment_id = $1`,
          [recurring[0].recurringPaymentId],
        );
        expect(paid.rows.map((p) => [Number(p.amount_cents), p.status])).toEqual([[24500, 'succeeded']]);
      } finally {
        await app.close();
      }
    } finally {
      await database.dispose();
    }
  });

  it.each(BACKENDS)('has autopay@example.com enrolled in the portal auto-draft of 100238, and paid@example.com an account for the legacy one (%s)', async (kind) => {
    const database = await createTestDatabase(kind);
    const clock = createTestClock(new Date('2026-03-02T15:00:00Z'));
    try {
      const app = await testApp(database.db, { demoData: true, sandboxProvider: true, clock: clock.now });
      try {
        const autopay = api(app, (await signIn(app, { email: 'autopay@example.com', password: 'Autopay#2026' })).token);
        const accounts = (await dataOf(autopay.typed.getAccounts(), 200)).accounts;
        expect(accounts.map((a) => [a.accountNumber, a.currentBalanceCents])).toEqual([['100238', 0]]);
        const [enrollment, ...more] = (await dataOf(autopay.typed.listAutoDrafts(), 200)).autoDraftEnrollments;
        expect(more).toEqual([]);
        expect(enrollment).toMatchObject({
          accountNumber: '100238',
          draftedBy: 'portal',
          status: 'active',
          startMonth: '2026-04',
          pullDay: 5,
          nextPullDate: '2026-04-05',
          bank: { accountType: 'checking', bankName: 'Sandbox Test Bank', routingNumber: '110000000', last4: '6789' },
          signature: 'Avery Patel',
        });
        // Tokenized by the sandbox provider: the number is the provider's, the portal keeps the token.
        const { rows } = await database.db.query<{ account_number: string; purpose: string; children: string | number; authorizations: string | number }>(
          `SELECT sm.account_number, pm.purpose,
                  (SELECT count(*) FROM recurring_payments r WHERE r.auto_draft_id = e.id AND r.status = 'active') AS children,
                  (SELECT count(*) FROM auto_draft_authorizations a WHERE a.auto_draft_id = e.id) AS authorizations
             FROM auto_draft_enrollments e JOIN payment_methods pm ON pm.id = e.payment_method_id JOIN sandbox_methods sm ON sm.id = pm.provider_token
            WHERE e.id = $1`,
          [enrollment.autoDraftId],
        );
        expect(rows.map((r) => [r.account_number, r.purpose, Number(r.children), Number(r.authorizations)])).toEqual([['000123456789', 'auto_draft', 1, 1]]);
        const charges = (await dataOf(autopay.typed.getCharges({ accountNumber: '100238' }), 200)).charges;
        expect(charges.map((c) => c.amountCents)).toEqual([20000]);
        // paid@example.com: a second account, at Cedar Point (legacy auto-draft), without a balance.
        const paid = api(app, (await signIn(app, DEMO.paid)).token);
        const paidAccounts = (await dataOf(paid.typed.getAccounts(), 200)).accounts;
        expect(paidAccounts.map((a) => [a.accountNumber, a.associationName, a.currentBalanceCents])).toEqual(
          expect.arrayContaining([['200413', 'Cedar Point Condominiums', 0]]),
        );
      } finally {
        await app.close();
      }
    } finally {
      await database.dispose();
    }
  });
});
