// Demo data: one management company (managing Maple Grove, Cedar Point and a test association)
// with an admin and a staff member, a second company of its own (lakeside.ts), homeowners, board members and accounts whose balances come from ledger entries. Loaded only into an empty database (see app.ts).
import type { Db, Queryable } from '../db/index.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { systemClock, type Clock } from '../clock.ts';
import { payerScope } from '../payments/service.ts';
import { addDays, appDate, saveTokenizedMethod } from '../payments/billing.ts';
import { attachMethod, SANDBOX_BANK_NAME } from '../sandbox-provider/service.ts';
import { TEST_BANK_ACCOUNTS, TEST_CARDS } from '../sandbox-provider/test-numbers.ts';
import { loadRecurring, newRecurringPaymentId } from '../payments/recurring-store.ts';
import { recordAuthorization } from '../payments/recurring-authorization.ts';
import { dayOfMonthOf } from '../payments/recurring-schedule.ts';
import { saveAutoDraftMethod } from '../payments/auto-draft-bank.ts';
import { firstPullDate } from '../payments/auto-draft-schedule.ts';
import { loadAutoDraft, newAutoDraftId } from '../payments/auto-draft-store.ts';
import { createChildren } from '../payments/auto-draft-children.ts';
import { recordAutoDraftAuthorization } from '../payments/auto-draft-authorization.ts';
import { seedDemoAssessmentSchedules } from './assessments.ts';
import { seedDemoProfile } from './profile.ts';
import { seedDemoCommunity } from './community.ts';
import { seedDemoDocuments } from './documents.ts';
import { seedDemoCalendar } from './calendar.ts';
import { seedDemoRequestAttachments } from './request-attachments.ts';
import { seedDemoBoardLists } from './board-lists.ts';
import { seedDemoArcReview } from './arc-review.ts';
import { seedDemoLakeside } from './lakeside.ts';

export const DEMO_USERS = {
  homeowner: { email: 'homeowner@example.com', password: 'Homeowner#2026', firstName: 'Jordan', lastName: 'Rivera' },
  paid: { email: 'paid@example.com', password: 'Paid#2026', firstName: 'Morgan', lastName: 'Lee' },
  board: { email: 'board@example.com', password: 'Board#2026', firstName: 'Taylor', lastName: 'Brooks' },
  chair: { email: 'chair@example.com', password: 'Chair#2026', firstName: 'Casey', lastName: 'Morgan' },
  /** Management-company staff (management_staff), not a homeowner. */
  manager: { email: 'manager@example.com', password: 'Manager#2026', firstName: 'Riley', lastName: 'Chen' },
  /** Summit staff without the admin's rights: reads settings, answers residents. */
  staff: { email: 'staff@example.com', password: 'Staff#2026', firstName: 'Sam', lastName: 'Okafor' },
  /** Enrolled in the portal's auto-draft at Maple Grove (account 100238; seedDemoAutoDraft). */
  autopay: { email: 'autopay@example.com', password: 'Autopay#2026', firstName: 'Avery', lastName: 'Patel' },
} as const;

export const DEMO_REGISTRATION_KEY = 'MG-REG-2026';

interface LedgerLine {
  kind: 'charge' | 'late_fee' | 'payment' | 'credit';
  cents: number;
  description: string;
  daysAgo: number;
}

interface DemoAccount {
  number: string;
  association: 'maplegrove' | 'cedarpoint' | 'demoville';
  owner: keyof typeof DEMO_USERS | null;
  address1: string;
  address2?: string;
  city: string;
  state: string;
  zip: string;
  blocked?: boolean;
  registrationKey?: string;
  subLedgers: { name: string; lines: LedgerLine[] }[];
}

const ACCOUNTS: DemoAccount[] = [
  {
    number: '100234',
    association: 'maplegrove',
    owner: 'homeowner',
    address1: '412 Maple Grove Lane',
    city: 'Atlanta',
    state: 'GA',
    zip: '30301',
    subLedgers: [
      {
        name: 'Assessments',
        lines: [
          { kind: 'charge', cents: 20000, description: 'Quarterly assessment', daysAgo: 120 },
          { kind: 'payment', cents: -20000, description: 'Payment, thank you', daysAgo: 100 },
          { kind: 'charge', cents: 20000, description: 'Quarterly assessment', daysAgo: 30 },
        ],
      },
      { name: 'Late fees', lines: [{ kind: 'late_fee', cents: 4500, description: 'Late fee', daysAgo: 10 }] },
    ],
  },
  {
    number: '200411',
    association: 'cedarpoint',
    owner: 'homeowner',
    address1: '1200 Ocean Drive',
    address2: 'Unit 5B',
    city: 'Miami Beach',
    state: 'FL',
    zip: '33139',
    subLedgers: [{ name: 'Assessments', lines: [{ kind: 'charge', cents: 245000, description: 'Annual assessment', daysAgo: 20 }] }],
  },
  {
    number: '100235',
    association: 'maplegrove',
    owner: 'paid',
    address1: '416 Maple Grove Lane',
    city: 'Atlanta',
    state: 'GA',
    zip: '30301',
    subLedgers: [
      {
        name: 'Assessments',
        lines: [
          { kind: 'charge', cents: 20000, description: 'Quarterly assessment', daysAgo: 30 },
          { kind: 'payment', cents: -20000, description: 'Payment, thank you', daysAgo: 25 },
        ],
      },
    ],
  },
  {
    number: '100236',
    association: 'maplegrove',
    owner: null,
    address1: '420 Maple Grove Lane',
    city: 'Atlanta',
    state: 'GA',
    zip: '30301',
    blocked: true,
    subLedgers: [{ name: 'Assessments', lines: [{ kind: 'charge', cents: 12000, description: 'Quarterly assessment', daysAgo: 30 }] }],
  },
  {
    number: '100237',
    association: 'maplegrove',
    owner: null,
    address1: '424 Maple Grove Lane',
    city: 'Atlanta',
    state: 'GA',
    zip: '30301',
    registrationKey: DEMO_REGISTRATION_KEY,
    subLedgers: [{ name: 'Assessments', lines: [{ kind: 'charge', cents: 7500, description: 'Special assessment', daysAgo: 15 }] }],
  },
  // Auto-draft: an account without a balance, enrolled in the portal's auto-draft (seedDemoAutoDraft).
  {
    number: '100238',
    association: 'maplegrove',
    owner: 'autopay',
    address1: '428 Maple Grove Lane',
    city: 'Atlanta',
    state: 'GA',
    zip: '30301',
    subLedgers: [
      {
        name: 'Assessments',
        lines: [
          { kind: 'charge', cents: 20000, description: 'Quarterly assessment', daysAgo: 30 },
          { kind: 'payment', cents: -20000, description: 'Payment, thank you', daysAgo: 28 },
        ],
      },
    ],
  },
  // Auto-draft: an account without a balance at Cedar Point, whose auto-draft the management company makes (legacy).
  {
    number: '200413',
    association: 'cedarpoint',
    owner: 'paid',
    address1: '1200 Ocean Drive',
    address2: 'Unit 7A',
    city: 'Miami Beach',
    state: 'FL',
    zip: '33139',
    subLedgers: [
      {
        name: 'Assessments',
        lines: [
          { kind: 'charge', cents: 245000, description: 'Annual assessment', daysAgo: 60 },
          { kind: 'payment', cents: -245000, description: 'Payment, thank you', daysAgo: 50 },
        ],
      },
    ],
  },
  // Payments: an association on an unconnected test merchant account (PA007).
  {
    number: '300100',
    association: 'demoville',
    owner: null,
    address1: '1 Demo Plaza',
    city: 'New York',
    state: 'NY',
    zip: '10001',
    subLedgers: [{ name: 'Assessments', lines: [{ kind: 'charge', cents: 5000, description: 'Monthly assessment', daysAgo: 5 }] }],
  },
];

/**
 * Payments demo: merchant accounts, accepted methods, the large amount fee for guests (basis
 * points) and fee rules per association and method kind (docs/payments.md).
 */
export const DEMO_PAYMENT_SETTINGS = {
  maplegrove: {
    providerAccount: 'acct_maplegrove',
    largeAmountFeeBps: 100,
    fees: [
      // No convenience fee on recurring card payments (exempt_recurring), as some fee rules say.
      { methodKind: 'card', kind: 'percent', basisPoints: 295, exemptRecurring: true },
      { methodKind: 'bank', kind: 'flat', flatCents: 150 },
    ],
  },
  cedarpoint: {
    providerAccount: 'acct_cedarpoint',
    largeAmountFeeBps: 100,
    fees: [{ methodKind: 'card', kind: 'percent', basisPoints: 350 }],
  },
  demoville: { providerAccount: 'acct_test_unconnected_demoville', largeAmountFeeBps: 100, fees: [] },
} as const;

export async function isEmpty(db: Queryable): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM management_companies LIMIT 1');
  return rows.length === 0;
}

/** Loads the demo data when the database has no management company yet; returns whether it did. */
export async function seedDemo(db: Db, passwords: PasswordHasher, now: Date = new Date()): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const hashes = new Map<string, string>();
  for (const [key, u] of Object.entries(DEMO_USERS)) hashes.set(key, await passwords.hash(u.password));
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(7318000002)');
    if (!(await isEmpty(tx))) return false;
    const one = async (sql: string, params: unknown[]) => Number((await tx.query<{ id: number }>(sql, params)).rows[0].id);
    const company = await one(
      `INSERT INTO management_companies (code, name, billing_text_notifications_available) VALUES ('summit', 'Summit Community Management', true) RETURNING id`,
      [],
    );
    // The company's report-a-problem link (a portal setting at the company level).
    await tx.query(`INSERT INTO portal_settings (management_company_id, key, value) VALUES ($1, 'reportProblemUrl', $2::jsonb)`, [
      company,
      JSON.stringify('mailto:portal-support@summit-management.example?subject=Portal%20problem'),
    ]);
    const associations = {
      maplegrove: await one(
        // The logo and banner are files of the site (public/brand/), shown in the frame and on the public page.
        `INSERT INTO associations (management_company_id, code, name, design_template, auto_draft_type, large_amount_fee_bps, provider_account, logo_url, banner_url)
         VALUES ($1, 'maplegrove', 'Maple Grove HOA', 'Evergreen', 'portal', $2, $3, '/brand/maplegrove-logo.svg', '/brand/maplegrove-banner.svg') RETURNING id`,
        [company, DEMO_PAYMENT_SETTINGS.maplegrove.largeAmountFeeBps, DEMO_PAYMENT_SETTINGS.maplegrove.providerAccount],
      ),
      cedarpoint: await one(
        `INSERT INTO associations (management_company_id, code, name, design_template, auto_draft_type, large_amount_fee_bps, provider_account)
         VALUES ($1, 'cedarpoint', 'Cedar Point Condominiums', 'Harbor', 'legacy', $2, $3) RETURNING id`,
        [company, DEMO_PAYMENT_SETTINGS.cedarpoint.largeAmountFeeBps, DEMO_PAYMENT_SETTINGS.cedarpoint.providerAccount],
      ),
      demoville: await one(
        `INSERT INTO associations (management_company_id, code, name, design_template, auto_draft_type, large_amount_fee_bps, provider_account)
         VALUES ($1, 'demoville', 'Demoville Test HOA', 'Default', 'off', $2, $3) RETURNING id`,
        [company, DEMO_PAYMENT_SETTINGS.demoville.largeAmountFeeBps, DEMO_PAYMENT_SETTINGS.demoville.providerAccount],
      ),
    };
    // MyCA, the assistant, is on at Maple Grove (its documents, FAQ and calendar are what the demo's
    // questions are about) and off elsewhere, as a company would try it on one association first.
    await tx.query(`INSERT INTO portal_settings (management_company_id, association_id, key, value) VALUES ($1, $2, 'myCA', 'true'::jsonb)`, [company, associations.maplegrove]);
    for (const [code, settings] of Object.entries(DEMO_PAYMENT_SETTINGS)) {
      for (const fee of settings.fees as readonly { methodKind: string; kind: string; basisPoints?: number; flatCents?: number; exemptRecurring?: boolean }[]) {
        await tx.query(
          `INSERT INTO fee_rules (association_id, method_kind, kind, flat_cents, basis_points, exempt_recurring) VALUES ($1, $2, $3, $4, $5, $6)`,
          [associations[code as keyof typeof associations], fee.methodKind, fee.kind, fee.flatCents ?? null, fee.basisPoints ?? null, fee.exemptRecurring === true],
        );
      }
    }
    const users = new Map<string, number>();
    for (const [key, u] of Object.entries(DEMO_USERS)) {
      users.set(
        key,
        await one(
          `INSERT INTO users (management_company_id, email, password_hash, first_name, last_name) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [company, u.email, hashes.get(key), u.firstName, u.lastName],
        ),
      );
    }
    await tx.query(`INSERT INTO management_staff (user_id, role, can_mimic, can_act_on_behalf) VALUES ($1, 'admin', true, true), ($2, 'staff', true, false)`, [users.get('manager'), users.get('staff')]);
    await tx.query('INSERT INTO board_members (user_id, association_id, is_chair) VALUES ($1, $3, false), ($2, $3, true)', [
      users.get('board'),
      users.get('chair'),
      associations.maplegrove,
    ]);
    const day = 24 * 3600 * 1000;
    const today = appDate(now);
    for (const a of ACCOUNTS) {
      const accountId = await one(
        `INSERT INTO accounts (association_id, account_number, owner_user_id, address1, address2, city, state_province, postal_code,
                               payments_blocked, registration_key, registered_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [
          associations[a.association],
          a.number,
          a.owner ? users.get(a.owner) : null,
          a.address1,
          a.address2 ?? '',
          a.city,
          a.state,
          a.zip,
          a.blocked === true,
          a.registrationKey ?? null,
          a.owner ? now : null,
        ],
      );
      for (const [position, sl] of a.subLedgers.entries()) {
        const subLedgerId = await one('INSERT INTO sub_ledgers (account_id, name, position) VALUES ($1, $2, $3) RETURNING id', [accountId, sl.name, position]);
        for (const line of sl.lines) {
          const at = new Date(now.getTime() - line.daysAgo * day);
          // The business day (New York's) daysAgo before the seed's: UTC's day would make a charge
          // of 30 days ago 29 days past due in the evening.
          await tx.query(
            `INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description, effective_date, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
            [subLedgerId, line.kind, line.cents, line.description, addDays(today, -line.daysAgo), at],
          );
        }
      }
    }
    // Assessment schedules: the upcoming charges, posted by the due work on their dates.
    await seedDemoAssessmentSchedules(tx, now);
    await seedDemoProfile(tx, passwords, now);
    await seedDemoCommunity(tx, now);
    await seedDemoCalendar(tx, now);
    await seedDemoDocuments(tx, now);
    await seedDemoRequestAttachments(tx, now);
    await seedDemoBoardLists(tx, now);
    await seedDemoArcReview(tx, passwords, now);
    await seedDemoLakeside(tx, passwords, now);
    return true;
  });
}

/**
 * Seed hook for demo data that must go through the payment provider (saved methods are tokenized
 * by the provider, never inserted by hand). Called once, right after seedDemo loaded the demo data,
 * when a provider is configured: a saved Visa 4242 for homeowner@example.com at Maple Grove,
 * entered through the sandbox provider exactly as its hosted entry page would (setup intent, then
 * the page's attach), so the stored token is a real sandbox token. With another provider nothing
 * is seeded (methods are entered by their owners on the provider's own page).
 * Also a Visa 4242 at Cedar Point, saved the same way, paying a confirmed recurring payment of
 * account 200411 (see seedDemoRecurringPayment).
 */
export async function seedDemoProviderData(db: Db, provider: PaymentProvider | null, clock: Clock = systemClock): Promise<void> {
  if (!provider || provider.name !== 'sandbox') return;
  await saveDemoVisa(db, provider, clock, 'maplegrove');
  const cedarPointVisa = await saveDemoVisa(db, provider, clock, 'cedarpoint');
  if (cedarPointVisa !== null) await seedDemoRecurringPayment(db, clock, cedarPointVisa);
  await seedDemoAutoDraft(db, provider, clock);
}

/** The demo auto-draft: account 100238 (Maple Grove, portal), drafted on the 5th from the sandbox's settling test account. */
export const DEMO_AUTO_DRAFT = {
  account: '100238',
  pullDay: 5,
  bank: { accountType: 'checking', routingNumber: TEST_BANK_ACCOUNTS.settles.routingNumber, accountNumber: TEST_BANK_ACCOUNTS.settles.accountNumber, bankName: SANDBOX_BANK_NAME },
} as const;

/**
 * The auto-draft of autopay@example.com, as the API makes one: the bank account tokenized by the
 * provider (only the token and display details kept), the enrollment active from next month, one
 * child schedule per sub-ledger and the signed authorization, word for word.
 */
async function seedDemoAutoDraft(db: Db, provider: PaymentProvider, clock: Clock): Promise<void> {
  const { rows } = await db.query<{ user_id: number; account_id: number; association_id: number; provider_account: string | null }>(
    `SELECT ac.owner_user_id AS user_id, ac.id AS account_id, a.id AS association_id, a.provider_account
       FROM accounts ac JOIN associations a ON a.id = ac.association_id WHERE ac.account_number = $1 AND ac.owner_user_id IS NOT NULL`,
    [DEMO_AUTO_DRAFT.account],
  );
  const owner = rows[0];
  if (!owner?.provider_account) return;
  const userId = Number(owner.user_id);
  const holder = `${DEMO_USERS.autopay.firstName} ${DEMO_USERS.autopay.lastName}`;
  const b = DEMO_AUTO_DRAFT.bank;
  const method = await provider.tokenizeBankAccount({
    merchantAccount: owner.provider_account,
    customerRef: payerScope({ kind: 'user', userId, email: null }),
    accountType: b.accountType,
    routingNumber: b.routingNumber,
    accountNumber: b.accountNumber,
    holderName: holder,
    bankName: b.bankName,
  });
  const now = clock();
  const startMonth = addDays(`${appDate(now).slice(0, 7)}-01`, 32).slice(0, 7);
  const next = firstPullDate(startMonth, DEMO_AUTO_DRAFT.pullDay);
  await db.transaction(async (tx) => {
    const methodId = await saveAutoDraftMethod(tx, { userId, associationId: Number(owner.association_id), merchantAccount: owner.provider_account!, method, now });
    const id = newAutoDraftId();
    await tx.query(
      `INSERT INTO auto_draft_enrollments (id, user_id, account_id, drafted_by, status, start_month, pull_day, next_pull_date, payment_method_id,
                                           bank_name, routing_number, account_type, last4, signature, created_at, updated_at)
       VALUES ($1, $2, $3, 'portal', 'active', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)`,
      [id, userId, owner.account_id, `${startMonth}-01`, DEMO_AUTO_DRAFT.pullDay, next, methodId, b.bankName, b.routingNumber, b.accountType, method.last4, holder, now],
    );
    const row = await loadAutoDraft(tx, userId, id);
    await createChildren(tx, row, next, now);
    await recordAutoDraftAuthorization(tx, row, '127.0.0.1', now);
  });
}

/** Saves a Visa 4242 for the demo homeowner at one association through the sandbox provider; returns its id (null: nothing to save it for). */
async function saveDemoVisa(db: Db, provider: PaymentProvider, clock: Clock, association: 'maplegrove' | 'cedarpoint'): Promise<number | null> {
  const { rows } = await db.query<{ user_id: number; association_id: number; provider_account: string | null }>(
    `SELECT u.id AS user_id, a.id AS association_id, a.provider_account
       FROM users u JOIN accounts ac ON ac.owner_user_id = u.id JOIN associations a ON a.id = ac.association_id
      WHERE u.email = $1 AND a.code = $2 LIMIT 1`,
    [DEMO_USERS.homeowner.email, association],
  );
  const owner = rows[0];
  if (!owner?.provider_account) return null;
  const userId = Number(owner.user_id);
  const intent = await provider.createSetupIntent({ merchantAccount: owner.provider_account, kind: 'card', customerRef: payerScope({ kind: 'user', userId, email: null }) });
  // What the hosted entry page posts to POST /sandbox-provider/api/setup-intents/:id/attach.
  const expiryYear = (clock().getUTCFullYear() + 4) % 100;
  await attachMethod({ db, clock }, intent.setupIntentId, {
    secret: intent.clientSecret,
    kind: 'card',
    number: TEST_CARDS.visa,
    expiry: `12/${String(expiryYear).padStart(2, '0')}`,
    cvc: '123',
    name: `${DEMO_USERS.homeowner.firstName} ${DEMO_USERS.homeowner.lastName}`,
  });
  // Then, as confirmPaymentMethodSetup does: read the tokenized method back from the provider.
  const { method } = await provider.retrieveSetupIntent(intent.setupIntentId);
  if (!method) throw new Error('demo seed: the sandbox provider did not attach the demo card');
  return db.transaction((tx) =>
    saveTokenizedMethod(tx, { userId, associationId: Number(owner.association_id), merchantAccount: owner.provider_account!, setupIntentId: intent.setupIntentId, method, now: clock() }),
  );
}

/** The demo recurring payment: account 200411 (Cedar Point), monthly, a fixed $245.00. */
export const DEMO_RECURRING_PAYMENT = { account: '200411', subLedger: 'Assessments', amountCents: 24500, inDays: 3 } as const;

/**
 * A recurring payment of the demo homeowner at Cedar Point, paid by the Visa saved there, its next
 * payment 3 days after the seed's date: set up and confirmed as the API does (status active, the
 * authorization kept through recordAuthorization, word for word).
 */
async function seedDemoRecurringPayment(db: Db, clock: Clock, paymentMethodId: number): Promise<void> {
  const now = clock();
  const startDate = addDays(appDate(now), DEMO_RECURRING_PAYMENT.inDays);
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: number; sub_ledger_id: number }>(
      `SELECT ac.owner_user_id AS user_id, sl.id AS sub_ledger_id FROM accounts ac JOIN sub_ledgers sl ON sl.account_id = ac.id
        WHERE ac.account_number = $1 AND sl.name = $2`,
      [DEMO_RECURRING_PAYMENT.account, DEMO_RECURRING_PAYMENT.subLedger],
    );
    if (!rows[0]) return;
    const userId = Number(rows[0].user_id);
    const id = newRecurringPaymentId();
    await tx.query(
      `INSERT INTO recurring_payments (id, user_id, sub_ledger_id, payment_method_id, frequency, day_of_month, start_date, next_payment_date,
                                       amount_kind, amount_cents, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'monthly', $5, $6, $6, 'fixed', $7, 'active', $8, $8)`,
      [id, userId, rows[0].sub_ledger_id, paymentMethodId, dayOfMonthOf(startDate), startDate, DEMO_RECURRING_PAYMENT.amountCents, now],
    );
    await recordAuthorization(tx, await loadRecurring(tx, userId, id), '127.0.0.1', now);
  });
}
