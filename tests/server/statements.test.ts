// Statements (POST /api/payments/Ledger/Statement) and their download link
// (GET /api/payments/Ledger/Export?file=…): each kind of statement opens as a PDF with the ledger
// lines of exactly its period and its own section, the CSV export is exact to the byte, nobody
// gets a statement of someone else's account, and the link serves the file for 10 minutes only.
//
// The app clock stands at 2026-03-02 10:00 in New York. Ledger entries are added on the days
// around each period's edges (demo entries keep their seeded dates), so every period is shown to
// take its first and last day and to leave out the day before and the day after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Db } from '../../server/db/index.ts';
import type { CreateStatementBody } from '../../generated/clients/payments.ts';
import { BACKENDS, DEMO, TEST_JWT_SECRET, call, clients, count, createTestClock, expectErrorShape, expectStatus, signIn, testApp, useTestDatabase, type ApiClients } from './helpers.ts';
import { subLedgerId } from './payments-helpers.ts';
import { createAssessmentSchedule } from '../../server/assessments/store.ts';

const START = new Date('2026-03-02T15:00:00Z');
const TEN_MINUTES = 10 * 60 * 1000;

/** Entries added to account 100234 (the demo's are listed in the comments where they matter). */
const ENTRIES: { subLedger: 'Assessments' | 'Late fees'; date: string; kind: string; cents: number; description: string }[] = [
  { subLedger: 'Assessments', date: '2024-12-31', kind: 'charge', cents: 1300, description: 'Architectural review fee' },
  { subLedger: 'Assessments', date: '2025-06-15', kind: 'credit', cents: -1500, description: 'Goodwill credit' },
  // demo: 2025-11-02 Quarterly assessment 200.00, 2025-11-22 Payment, thank you -200.00
  { subLedger: 'Assessments', date: '2025-12-31', kind: 'charge', cents: 3100, description: 'Year-end pool assessment' },
  { subLedger: 'Assessments', date: '2026-01-01', kind: 'charge', cents: 2700, description: 'New year landscaping' },
  { subLedger: 'Assessments', date: '2026-01-02', kind: 'charge', cents: 1900, description: 'Gutter cleaning' },
  // demo: 2026-01-31 Quarterly assessment 200.00
  { subLedger: 'Assessments', date: '2026-01-31', kind: 'charge', cents: 2500, description: 'Pool fob' },
  { subLedger: 'Assessments', date: '2026-02-01', kind: 'charge', cents: 1234, description: 'Gate remote' },
  // demo: 2026-02-20 Late fee 45.00 (Late fees)
  { subLedger: 'Assessments', date: '2026-02-22', kind: 'adjustment', cents: 500, description: '=HYPERLINK("http://evil.example","click")' },
  { subLedger: 'Assessments', date: '2026-02-23', kind: 'charge', cents: 600, description: '+1 555 0100 call the office' },
  { subLedger: 'Assessments', date: '2026-02-24', kind: 'adjustment', cents: 700, description: '-2 Roof repair' },
  { subLedger: 'Assessments', date: '2026-02-25', kind: 'charge', cents: 800, description: '@SUM(A1:A9)' },
  { subLedger: 'Assessments', date: '2026-02-26', kind: 'charge', cents: 750, description: 'Dues, "special" levy\nsecond line' },
  { subLedger: 'Assessments', date: '2026-02-28', kind: 'payment', cents: -12500, description: 'Payment, thank you' },
  { subLedger: 'Assessments', date: '2026-03-02', kind: 'charge', cents: 7500, description: 'Clubhouse rental' },
  // Dated tomorrow: in no period (they all end today at the latest), and not owed yet.
  { subLedger: 'Assessments', date: '2026-03-03', kind: 'charge', cents: 999, description: 'Parking fee posted ahead' },
];

/** The CSV of the last 30 days (2026-02-01..2026-03-02), opening balance 300.00. */
const LAST_30_DAYS_CSV = [
  'Date,Kind,Description,Amount,Balance',
  '2026-02-01,Charge,Gate remote,12.34,312.34',
  '2026-02-20,Charge,Late fee,45.00,357.34',
  `2026-02-22,Adjustment,"'=HYPERLINK(""http://evil.example"",""click"")",5.00,362.34`,
  "2026-02-23,Charge,'+1 555 0100 call the office,6.00,368.34",
  "2026-02-24,Adjustment,'-2 Roof repair,7.00,375.34",
  "2026-02-25,Charge,'@SUM(A1:A9),8.00,383.34",
  '2026-02-26,Charge,"Dues, ""special"" levy\nsecond line",7.50,390.84',
  '2026-02-28,Payment,"Payment, thank you",-125.00,265.84',
  '2026-03-02,Charge,Clubhouse rental,75.00,340.84',
  '',
].join('\r\n');

async function addEntry(db: Db, accountNumber: string, entry: (typeof ENTRIES)[number]): Promise<void> {
  // created_at after the demo's entries of the same day (seeded at 15:00 UTC), so the order is known.
  await db.query(
    `INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description, effective_date, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [await subLedgerId(db, accountNumber, entry.subLedger), entry.kind, entry.cents, entry.description, entry.date, `${entry.date}T18:00:00Z`],
  );
}

/** The text of each page, a line of the page per line (table cells joined by spaces). */
async function pdfPages(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  return (await extractText(pdf, { mergePages: false })).text;
}

function fileIdOf(url: string): string {
  return new URL(url, 'http://portal.test').searchParams.get('file')!;
}

describe.each(BACKENDS)('statements on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock(START);
  let app: FastifyInstance;
  let home: ApiClients['payments'];
  let homeToken: string;
  let homeUserId: number;
  let paid: ApiClients['payments'];
  const db = () => database.current.db;

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now });
    ({ token: homeToken, userId: homeUserId } = await signIn(app, DEMO.homeowner));
    home = clients(app, homeToken).payments;
    paid = clients(app, (await signIn(app, DEMO.paid)).token).payments;
    for (const entry of ENTRIES) await addEntry(db(), '100234', entry);
    // demo: Monthly assessment 200.00 on the 12th from 2026-03-12 (Assessments).
    const oneTime = (date: string) => ({ dayOfMonth: Number(date.slice(8)), startDate: date, endDate: date });
    await createAssessmentSchedule(db(), { subLedgerId: await subLedgerId(db(), '100234'), description: 'Trash pickup due today', amountCents: 1800, ...oneTime('2026-03-02') }, clock.now());
    await createAssessmentSchedule(db(), { subLedgerId: await subLedgerId(db(), '100234', 'Late fees'), description: 'Pool opening fee', amountCents: 4200, ...oneTime('2026-03-03') }, clock.now());
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Makes a statement as the homeowner, downloads it, and answers the answer and the file. */
  async function make(body: CreateStatementBody, who: ApiClients['payments'] = home) {
    const res = await who.createStatement(body);
    expectStatus(res, 201);
    const download = await app.inject({ method: 'GET', url: res.data.url });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.rawPayload.length).toBe(res.data.bytes);
    return { answer: res.data, file: download.rawPayload, headers: download.headers };
  }

  async function makePdf(body: CreateStatementBody, who: ApiClients['payments'] = home) {
    const made = await make(body, who);
    expect(made.answer.mediaType).toBe('application/pdf');
    expect(made.file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = await pdfPages(made.file);
    return { ...made, pages, text: pages.join('\n') };
  }

  it('transaction history: the lines of the last 30 days (today and the 29 days before) between the opening and closing balances', async () => {
    const { answer, text } = await makePdf({ accountNumber: '100234', duration: 'last30Days', type: 'transactionHistory' });
    expect(answer).toEqual({
      url: expect.stringMatching(/^\/api\/payments\/Ledger\/Export\?file=[A-Za-z0-9_-]{43}$/),
      fileName: 'statement-100234-transaction-history-2026-02-01-to-2026-03-02.pdf',
      mediaType: 'application/pdf',
      bytes: expect.any(Number),
      expiresAt: '2026-03-02T15:10:00.000Z',
    });
    // The heading: type, association, account, property, period, statement date.
    expect(text).toContain('Statement — transaction history');
    expect(text).toContain('Maple Grove HOA');
    expect(text).toContain('Account number 100234');
    expect(text).toContain('Property 412 Maple Grove Lane');
    expect(text).toContain('Atlanta, GA 30301');
    expect(text).toContain('Statement date March 2, 2026');
    expect(text).toContain('Period February 1, 2026 – March 2, 2026');
    // The table, first day and last day included, with the running balance.
    expect(text).toContain('Date Kind Description Amount Balance');
    expect(text).toContain('February 1, 2026 Opening balance $300.00');
    expect(text).toContain('February 1, 2026 Charge Gate remote $12.34 $312.34');
    expect(text).toContain('February 20, 2026 Charge Late fee $45.00 $357.34');
    expect(text).toContain('February 28, 2026 Payment Payment, thank you -$125.00 $265.84');
    expect(text).toContain('March 2, 2026 Charge Clubhouse rental $75.00 $340.84');
    expect(text).toContain('March 2, 2026 Closing balance $340.84');
    // The day before the period and the day after today are not in it.
    expect(text).not.toContain('Pool fob');
    expect(text).not.toContain('Quarterly assessment');
    expect(text).not.toContain('Parking fee posted ahead');
    // Nothing of another type's section.
    expect(text).not.toContain('PAYMENT COUPON');
    expect(text).not.toContain('Charges scheduled after');
    expect(text).not.toContain('Summary of the period');
  });

  it('payment coupons: the last 60 days, then a coupon per sub-ledger with what it owes today', async () => {
    const { answer, text } = await makePdf({ accountNumber: '100234', duration: 'last60Days', type: 'coupons', format: 'pdf' });
    expect(answer.fileName).toBe('statement-100234-payment-coupons-2026-01-02-to-2026-03-02.pdf');
    expect(text).toContain('Statement — payment coupons');
    expect(text).toContain('Period January 2, 2026 – March 2, 2026');
    expect(text).toContain('January 2, 2026 Opening balance $56.00');
    expect(text).toContain('January 2, 2026 Charge Gutter cleaning $19.00 $75.00');
    expect(text).toContain('January 31, 2026 Charge Quarterly assessment $200.00 $275.00');
    expect(text).toContain('January 31, 2026 Charge Pool fob $25.00 $300.00');
    expect(text).toContain('March 2, 2026 Closing balance $340.84');
    expect(text).not.toContain('New year landscaping');
    // Assessments owes 295.84 today (the entry dated tomorrow is not owed yet), Late fees 45.00.
    expect(text.match(/PAYMENT COUPON/g)).toHaveLength(2);
    expect(text).toContain('Remit to Maple Grove HOA');
    expect(text).toContain('Sub-ledger Assessments');
    expect(text).toContain('Amount due: $295.84');
    expect(text).toContain('Sub-ledger Late fees');
    expect(text).toContain('Amount due: $45.00');
    expect(text).toContain('Amount enclosed: $');
  });

  it('payment coupons: none when nothing is owed', async () => {
    const { text } = await makePdf({ accountNumber: '100235', duration: 'last30Days', type: 'coupons' }, paid);
    expect(text).toContain('Account number 100235');
    expect(text).toContain('Nothing is due on this account');
    expect(text).not.toContain('PAYMENT COUPON');
    expect(text).not.toContain('Amount due');
  });

  it('future charges: the year to date, then the charges due after today and their total', async () => {
    const { answer, text } = await makePdf({ accountNumber: '100234', duration: 'yearToDate', type: 'futureCharges' });
    expect(answer.fileName).toBe('statement-100234-future-charges-2026-01-01-to-2026-03-02.pdf');
    expect(text).toContain('Statement — future charges');
    expect(text).toContain('Period January 1, 2026 – March 2, 2026');
    expect(text).toContain('January 1, 2026 Opening balance $29.00');
    expect(text).toContain('January 1, 2026 Charge New year landscaping $27.00 $56.00');
    expect(text).not.toContain('Year-end pool assessment');
    expect(text).toContain('Charges scheduled after March 2, 2026 through May 1, 2026');
    expect(text).toContain('March 3, 2026 Pool opening fee Late fees $42.00');
    expect(text).toContain('March 12, 2026 Monthly assessment Assessments $200.00');
    expect(text).toContain('April 12, 2026 Monthly assessment Assessments $200.00');
    expect(text).not.toContain('May 12, 2026');
    expect(text).toContain('Total scheduled $442.00');
    // Due today is not "after today".
    expect(text).not.toContain('Trash pickup due today');
  });

  it('charge summary: last calendar year, then its totals by kind and the net change', async () => {
    const { answer, text } = await makePdf({ accountNumber: '100234', duration: 'lastCalendarYear', type: 'chargeSummary' });
    expect(answer.fileName).toBe('statement-100234-charge-summary-2025-01-01-to-2025-12-31.pdf');
    expect(text).toContain('Statement — charge summary');
    expect(text).toContain('Period January 1, 2025 – December 31, 2025');
    expect(text).toContain('January 1, 2025 Opening balance $13.00');
    expect(text).toContain('June 15, 2025 Credit Distribution Goodwill credit -$15.00 -$2.00');
    expect(text).toContain('November 2, 2025 Charge Quarterly assessment $200.00 $198.00');
    expect(text).toContain('November 22, 2025 Payment Payment, thank you -$200.00 -$2.00');
    expect(text).toContain('December 31, 2025 Charge Year-end pool assessment $31.00 $29.00');
    expect(text).toContain('December 31, 2025 Closing balance $29.00');
    expect(text).not.toContain('Architectural review fee');
    expect(text).not.toContain('New year landscaping');
    expect(text).toContain('Summary of the period');
    expect(text).toContain('Charge 2 $231.00');
    expect(text).toContain('Payment 1 -$200.00');
    expect(text).toContain('Credit Distribution 1 -$15.00');
    expect(text).toContain('Net change 4 $16.00');
  });

  it('the full history starts from nothing and still ends today', async () => {
    const { answer, text } = await makePdf({ accountNumber: '100234', duration: 'fullHistory', type: 'transactionHistory' });
    expect(answer.fileName).toBe('statement-100234-transaction-history-2024-12-31-to-2026-03-02.pdf');
    expect(text).toContain('Period Full history through March 2, 2026');
    expect(text).toContain('Opening balance $0.00');
    expect(text).toContain('December 31, 2024 Charge Architectural review fee $13.00 $13.00');
    expect(text).toContain('March 2, 2026 Closing balance $340.84');
    expect(text).not.toContain('Parking fee posted ahead');
  });

  it('breaks a long statement across pages, with the column headings and the page number on each', async () => {
    // The homeowner's Cedar Point account (demo: Annual assessment 2,450.00 on 2026-02-10).
    for (let n = 1; n <= 90; n++) {
      await addEntry(db(), '200411', { subLedger: 'Assessments', date: '2026-02-15', kind: 'charge', cents: 100, description: `Guest parking permit ${n}` });
    }
    const { pages, text } = await makePdf({ accountNumber: '200411', duration: 'last30Days', type: 'transactionHistory' });
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain('Date Kind Description Amount Balance');
      expect(page).toContain(`Cedar Point Condominiums · Account 200411 · Page ${i + 1} of ${pages.length}`);
    });
    expect(text).toContain('Property 1200 Ocean Drive');
    for (let n = 1; n <= 90; n++) expect(text).toContain(`February 15, 2026 Charge Guest parking permit ${n} $1.00 $${(2450 + n).toLocaleString('en-US')}.00`);
    expect(text).toContain('March 2, 2026 Closing balance $2,540.00');
  });

  it('exports the ledger lines of the period as CSV: exact amounts, quoted fields, formulas disarmed', async () => {
    const { answer, file, headers } = await make({ accountNumber: '100234', duration: 'last30Days', type: 'transactionHistory', format: 'csv' });
    expect(answer.fileName).toBe('ledger-100234-2026-02-01-to-2026-03-02.csv');
    expect(answer.mediaType).toBe('text/csv');
    expect(headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.toString('utf8')).toBe(LAST_30_DAYS_CSV);
    // The same export whatever the statement type.
    const coupons = await make({ accountNumber: '100234', duration: 'last30Days', type: 'coupons', format: 'csv' });
    expect(coupons.file.toString('utf8')).toBe(LAST_30_DAYS_CSV);
  });

  it('exports the full history as one CSV row per ledger line up to today', async () => {
    const { answer, file } = await make({ accountNumber: '100234', duration: 'fullHistory', type: 'transactionHistory', format: 'csv' });
    expect(answer.fileName).toBe('ledger-100234-2024-12-31-to-2026-03-02.csv');
    const records = file.toString('utf8').split('\r\n');
    expect(records.at(-1)).toBe('');
    const rows = records.slice(1, -1);
    // The demo's four entries and ours, less the one dated tomorrow.
    expect(rows).toHaveLength(4 + ENTRIES.length - 1);
    expect(rows[0]).toBe('2024-12-31,Charge,Architectural review fee,13.00,13.00');
    expect(rows.at(-1)).toBe('2026-03-02,Charge,Clubhouse rental,75.00,340.84');
  });

  it('refuses someone else’s account and an unknown one with 404 GP002, storing nothing', async () => {
    const before = await count(db(), 'statement_files');
    expectErrorShape(await home.createStatement({ accountNumber: '100235', duration: 'last30Days', type: 'transactionHistory' }), 404, 'GP002');
    expectErrorShape(await home.createStatement({ accountNumber: '100235', duration: 'fullHistory', type: 'coupons', format: 'csv' }), 404, 'GP002');
    expectErrorShape(await paid.createStatement({ accountNumber: '100234', duration: 'last30Days', type: 'transactionHistory' }), 404, 'GP002');
    expectErrorShape(await home.createStatement({ accountNumber: '999999', duration: 'last30Days', type: 'transactionHistory' }), 404, 'GP002');
    expect(await count(db(), 'statement_files')).toBe(before);
  });

  it('makes a transaction history when no type is given, the ledger export needing none', async () => {
    const pdf = await make({ accountNumber: '100234', duration: 'fullHistory' });
    expect(pdf.answer.fileName).toMatch(/^statement-100234-transaction-history-/);
    expect(pdf.answer.mediaType).toBe('application/pdf');
    const csv = await make({ accountNumber: '100234', duration: 'fullHistory', format: 'csv' });
    expect(csv.answer.mediaType).toBe('text/csv');
    expect(csv.file.toString('utf8').split(/\r?\n/)[0]).toBe('Date,Kind,Description,Amount,Balance');
  });

  it('refuses a bad duration, type or format with 400 naming the field, and a missing token with 401, storing nothing', async () => {
    const before = await count(db(), 'statement_files');
    const post = (body: unknown, token: string | null = homeToken) => call(app, 'POST', '/api/payments/Ledger/Statement', { token: token ?? undefined, body });
    const valid = { accountNumber: '100234', duration: 'last30Days', type: 'transactionHistory' };
    for (const [field, body] of [
      ['duration', { ...valid, duration: 'lastWeek' }],
      ['type', { ...valid, type: 'invoice' }],
      ['format', { ...valid, format: 'xlsx' }],
      ['accountNumber', { ...valid, accountNumber: '10-0234' }],
      ['unknown field', { ...valid, language: 'en' }],
    ] as const) {
      const res = await post(body);
      expectErrorShape(res, 400, 'VAL001');
      expect(res.json.detail).toContain(field === 'unknown field' ? "unknown field 'language'" : field);
    }
    expectErrorShape(await post(valid, null), 401, 'AUTH002');
    expectErrorShape(await post(valid, 'not-a-token'), 401, 'AUTH002');
    expectErrorShape(await clients(app).payments.createStatement({ accountNumber: '100234', duration: 'last30Days', type: 'transactionHistory' }), 401, 'AUTH002');
    expect(await count(db(), 'statement_files')).toBe(before);
  });

  it('downloads by the link alone, as an attachment that is never cached, under the app’s security headers', async () => {
    const res = await home.createStatement({ accountNumber: '100234', duration: 'last30Days', type: 'chargeSummary' });
    expectStatus(res, 201);
    // No Authorization header: a browser following the link cannot send one.
    const download = await app.inject({ method: 'GET', url: res.data.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="statement-100234-charge-summary-2026-02-01-to-2026-03-02.pdf"');
    expect(download.headers['cache-control']).toBe('no-store');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['referrer-policy']).toBe('no-referrer');
    expect(download.headers['content-security-policy']).toContain("default-src 'self'");
    expect(Number(download.headers['content-length'])).toBe(res.data.bytes);
    // The link can be followed again until it expires.
    expect((await app.inject({ method: 'GET', url: res.data.url })).rawPayload.equals(download.rawPayload)).toBe(true);
    // The stored row is the caller's and lives 10 minutes.
    const { rows } = await db().query<{ user_id: number; expires_at: Date; created_at: Date }>('SELECT user_id, expires_at, created_at FROM statement_files WHERE id = $1', [fileIdOf(res.data.url)]);
    expect(Number(rows[0].user_id)).toBe(homeUserId);
    expect(new Date(rows[0].expires_at).getTime() - new Date(rows[0].created_at).getTime()).toBe(TEN_MINUTES);
  });

  it('answers an unknown or malformed link 404 in the API error shape', async () => {
    const unknown = `/api/payments/Ledger/Export?file=${'A'.repeat(43)}`;
    for (const url of [unknown, '/api/payments/Ledger/Export?file=abc', '/api/payments/Ledger/Export?file=../../etc/passwd', '/api/payments/Ledger/Export', `${unknown}&file=${'B'.repeat(43)}`]) {
      const res = await call(app, 'GET', url);
      expectErrorShape(res, 404, 'STM001');
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json.detail).toMatch(/expired or does not exist/);
    }
  });

  it('the link expires 10 minutes after the statement was made, and the caller’s expired files are cleared', async () => {
    try {
      const made = await home.createStatement({ accountNumber: '100234', duration: 'last30Days', type: 'transactionHistory', format: 'csv' });
      expectStatus(made, 201);
      // Another user's expired file, which the homeowner's next statement must leave alone.
      await db().query(
        `INSERT INTO statement_files (id, user_id, file_name, media_type, body, expires_at) SELECT $1, id, 'old.csv', 'text/csv', $2, $3 FROM users WHERE email = $4`,
        ['X'.repeat(43), Buffer.from('old'), new Date(START.getTime() - 1000), DEMO.paid.email],
      );
      expectErrorShape(await call(app, 'GET', '/api/payments/Ledger/Export?file=' + 'X'.repeat(43)), 404, 'STM001');

      clock.advance(TEN_MINUTES - 1000);
      expect((await app.inject({ method: 'GET', url: made.data.url })).statusCode).toBe(200);
      clock.advance(1000);
      expectErrorShape(await call(app, 'GET', made.data.url), 404, 'STM001');

      const next = await home.createStatement({ accountNumber: '100234', duration: 'last30Days', type: 'transactionHistory' });
      expectStatus(next, 201);
      const { rows } = await db().query<{ id: string; email: string }>('SELECT f.id, u.email FROM statement_files f JOIN users u ON u.id = f.user_id ORDER BY u.email');
      expect(rows.filter((r) => r.email === DEMO.homeowner.email).map((r) => r.id)).toEqual([fileIdOf(next.data.url)]);
      expect(rows.filter((r) => r.email === DEMO.paid.email).map((r) => r.id)).toContain('X'.repeat(43));
    } finally {
      clock.set(START);
    }
  });

  it('serves the download in production too', async () => {
    const made = await home.createStatement({ accountNumber: '100234', duration: 'last30Days', type: 'transactionHistory', format: 'csv' });
    expectStatus(made, 201);
    const production = await testApp(db(), { clock: clock.now, nodeEnv: 'production', jwtSecret: TEST_JWT_SECRET, demoData: false });
    try {
      const download = await production.inject({ method: 'GET', url: made.data.url });
      expect(download.statusCode).toBe(200);
      expect(download.body).toBe(LAST_30_DAYS_CSV);
      expect(download.headers['strict-transport-security']).toBeDefined();
      expectErrorShape(await call(production, 'GET', `/api/payments/Ledger/Export?file=${'A'.repeat(43)}`), 404, 'STM001');
    } finally {
      await production.close();
    }
  });
});
