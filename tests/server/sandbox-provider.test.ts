// The built-in sandbox payment provider: hosted entry page (frameable, no inline script), attach
// validation, numbers never reaching our tables, charge outcomes per test number, idempotency
// (also under 20 concurrent calls), refunds, unconnected merchants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openPostgres, type Db } from '../../server/db/index.ts';
import { BACKENDS, call, count, createTestClock, testApp, useTestDatabase } from './helpers.ts';
import { createSandboxProvider, TEST_BANK_ACCOUNTS, TEST_CARDS } from '../../server/sandbox-provider/index.ts';
import { IdempotencyMismatchError, ProviderNotConnectedError, type MethodKind, type PaymentProvider, type TokenizedMethod } from '../../server/payments/provider.ts';
import { cardBrand, luhnValid, routingNumberValid } from '../../server/sandbox-provider/validate.ts';

const MERCHANT = 'acct_maplegrove_test';

async function tokenize(
  app: FastifyInstance,
  provider: PaymentProvider,
  kind: MethodKind,
  details: Record<string, string>,
  merchantAccount = MERCHANT,
): Promise<TokenizedMethod> {
  const intent = await provider.createSetupIntent({ merchantAccount, kind, customerRef: 'user:1' });
  const res = await call(app, 'POST', `/sandbox-provider/api/setup-intents/${intent.setupIntentId}/attach`, { body: { secret: intent.clientSecret, ...details } });
  if (res.status !== 200) throw new Error(`attach failed: ${res.status} ${res.body}`);
  const retrieved = await provider.retrieveSetupIntent(intent.setupIntentId);
  expect(retrieved.status).toBe('succeeded');
  return retrieved.method!;
}

const card = (number: string) => ({ number, expiry: '12/30', cvc: '123', name: 'Jordan Rivera' });
const bank = (a: { routingNumber: string; accountNumber: string }) => ({ ...a, accountType: 'checking', holderName: 'Jordan Rivera' });

describe('sandbox validation helpers', () => {
  it('checks Luhn, brands and routing numbers', () => {
    for (const n of Object.values(TEST_CARDS)) expect(luhnValid(n), n).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(cardBrand(TEST_CARDS.visa)).toBe('visa');
    expect(cardBrand(TEST_CARDS.mastercard)).toBe('mastercard');
    expect(routingNumberValid('110000000')).toBe(true);
    expect(routingNumberValid('110000001')).toBe(false);
  });
});

describe.each(BACKENDS)('sandbox provider on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  let provider: PaymentProvider;
  beforeAll(async () => {
    app = await testApp(database.current.db, { clock: createTestClock().now });
    provider = createSandboxProvider({ db: database.current.db, clock: app.services.clock });
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('hosted entry page', () => {
    it('is served with its own frameable CSP, no inline script or style, and labelled fields', async () => {
      const intent = await provider.createSetupIntent({ merchantAccount: MERCHANT, kind: 'card', customerRef: 'user:1' });
      expect(intent.hostedEntryUrl).toMatch(/^\/sandbox-provider\/entry\/seti_[0-9a-f]+\?secret=.+&kind=card$/);
      const res = await call(app, 'GET', `${intent.hostedEntryUrl}&origin=${encodeURIComponent('http://localhost')}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
      const html = res.body;
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i); // every script is external
      expect(html).toContain('<script src="/sandbox-provider/entry.js"></script>');
      expect(html).not.toMatch(/\sstyle=/i);
      expect(html).not.toMatch(/<style/i);
      expect(html).not.toMatch(/\son[a-z]+=/i);
      for (const id of ['number', 'expiry', 'cvc', 'name']) {
        expect(html).toContain(`<label for="${id}">`);
        expect(html).toMatch(new RegExp(`id="${id}"[^>]*aria-describedby="[^"]*${id}-error`));
        expect(html).toContain(`id="${id}-error"`);
      }
      expect(html).toContain(`data-origin="http://localhost"`);

      const js = await call(app, 'GET', '/sandbox-provider/entry.js');
      expect(js.status).toBe(200);
      expect(js.headers['content-type']).toMatch(/javascript/);
      expect(js.body).toContain("type: 'sandbox-provider:attached'");
      expect(js.body).toContain('postMessage(');
      const css = await call(app, 'GET', '/sandbox-provider/entry.css');
      expect(css.status).toBe(200);
      expect(css.headers['content-type']).toMatch(/^text\/css/);
    });

    it('says on its button what it does: pays the amount charged at once, or only saves the method', async () => {
      const button = async (kind: MethodKind, chargeCents?: number) => {
        const intent = await provider.createSetupIntent({ merchantAccount: MERCHANT, kind, customerRef: 'user:1', chargeCents });
        return (await call(app, 'GET', intent.hostedEntryUrl)).body.match(/<button type="submit" id="submit">([^<]*)<\/button>/)?.[1];
      };
      expect(await button('card', 1235)).toBe('Pay $12.35');
      expect(await button('bank', 123456)).toBe('Pay $1,234.56');
      expect(await button('card')).toBe('Save card');
      expect(await button('bank')).toBe('Save bank account');
    });

    it('shows bank fields for a bank intent', async () => {
      const intent = await provider.createSetupIntent({ merchantAccount: MERCHANT, kind: 'bank', customerRef: 'user:1' });
      const res = await call(app, 'GET', intent.hostedEntryUrl);
      expect(res.status).toBe(200);
      for (const id of ['routingNumber', 'accountNumber', 'holderName', 'accountType-checking', 'accountType-savings']) expect(res.body).toContain(`id="${id}"`);
      expect(res.body).toContain('<legend>Account type</legend>');
    });

    it('refuses a wrong secret, a wrong kind and a foreign parent origin', async () => {
      const intent = await provider.createSetupIntent({ merchantAccount: MERCHANT, kind: 'card', customerRef: 'user:1' });
      const bad = await call(app, 'GET', `/sandbox-provider/entry/${intent.setupIntentId}?secret=nope&kind=card`);
      expect(bad.status).toBe(404);
      expect(bad.body).not.toContain('entry-form');
      expect((await call(app, 'GET', intent.hostedEntryUrl.replace('kind=card', 'kind=bank'))).status).toBe(400);
      const foreign = await call(app, 'GET', `${intent.hostedEntryUrl}&origin=${encodeURIComponent('https://evil.example')}`);
      expect(foreign.status).toBe(400);
      expect(foreign.body).not.toContain('entry-form');
    });
  });

  describe('hosted entry page, full-page mode (return path)', () => {
    it('accepts a same-origin path and offers "Cancel and return" with cancelled=1', async () => {
      const intent = await provider.createSetupIntent({ merchantAccount: MERCHANT, kind: 'card', customerRef: 'user:1' });
      const back = '/billing/instant-payment?payment=12';
      const res = await call(app, 'GET', `${intent.hostedEntryUrl}&return=${encodeURIComponent(back)}`);
      expect(res.status).toBe(200);
      expect(res.body).toContain('id="entry-form"');
      expect(res.body).toContain('data-return="/billing/instant-payment?payment=12"');
      expect(res.body).toContain('<a href="/billing/instant-payment?payment=12&amp;cancelled=1">Cancel and return</a>');
      const js = await call(app, 'GET', '/sandbox-provider/entry.js');
      expect(js.body).toContain("searchParams.set('setupIntent', intentId)");
      expect(js.body).toContain('window.location.assign(');
    });

    it('keeps the frame mode without a return path: no cancel link, no data-return', async () => {
      const intent = await provider.createSetupIntent({ merchantAccount: MERCHANT, kind: 'card', customerRef: 'user:1' });
      const res = await call(app, 'GET', intent.hostedEntryUrl);
      expect(res.status).toBe(200);
      expect(res.body).not.toContain('data-return');
      expect(res.body).not.toContain('Cancel and return');
    });

    it('refuses with 400 any return that is not a path on this server', async () => {
      const intent = await provider.createSetupIntent({ merchantAccount: MERCHANT, kind: 'card', customerRef: 'user:1' });
      for (const bad of ['https://evil.example/pay', '//evil.example/pay', '/\\evil.example/pay', '\\evil.example', 'billing', 'javascript:alert(1)', '', ' /billing', '/billing\nx', 'http://localhost/billing']) {
        const res = await call(app, 'GET', `${intent.hostedEntryUrl}&return=${encodeURIComponent(bad)}`);
        expect(res.status, bad).toBe(400);
        expect(res.body, bad).not.toContain('entry-form');
        expect(res.body, bad).not.toContain('evil.example');
      }
      const twice = await call(app, 'GET', `${intent.hostedEntryUrl}&return=%2Fa&return=%2Fb`);
      expect(twice.status).toBe(400);
    });
  });

  describe('attach', () => {
    it('refuses a bad card number with a clear message next to the field and stores nothing', async () => {
      const intent = await provider.createSetupIntent({ merchantAccount: MERCHANT, kind: 'card', customerRef: 'user:1' });
      const before = await count(database.current.db, 'sandbox_methods');
      const res = await call(app, 'POST', `/sandbox-provider/api/setup-intents/${intent.setupIntentId}/attach`, {
        body: { secret: intent.clientSecret, ...card('4242424242424241') },
      });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('invalid_details');
      expect(res.json.error.fields.number).toMatch(/card number is not valid/i);
      expect(res.json.error.message).toBe(res.json.error.fields.number);
      expect(await count(database.current.db, 'sandbox_methods')).toBe(before);
      expect((await provider.retrieveSetupIntent(intent.setupIntentId)).status).toBe('pending');
    });

    it('refuses an expired card, a short CVC, a bad routing number, and a wrong secret', async () => {
      const c = await provider.createSetupIntent({ merchantAccount: MERCHANT, kind: 'card', customerRef: 'user:1' });
      const url = `/sandbox-provider/api/setup-intents/${c.setupIntentId}/attach`;
      const expired = await call(app, 'POST', url, { body: { secret: c.clientSecret, ...card(TEST_CARDS.visa), expiry: '01/26', cvc: '12' } });
      expect(expired.status).toBe(400);
      expect(expired.json.error.fields.expiry).toMatch(/expired/);
      expect(expired.json.error.fields.cvc).toMatch(/3-digit/);
      const b = await provider.createSetupIntent({ merchantAccount: MERCHANT, kind: 'bank', customerRef: 'user:1' });
      const routing = await call(app, 'POST', `/sandbox-provider/api/setup-intents/${b.setupIntentId}/attach`, {
        body: { secret: b.clientSecret, ...bank({ routingNumber: '110000001', accountNumber: '000123456789' }) },
      });
      expect(routing.status).toBe(400);
      expect(routing.json.error.fields.routingNumber).toMatch(/routing number/);
      const wrong = await call(app, 'POST', url, { body: { secret: 'seti_x_secret_y', ...card(TEST_CARDS.visa) } });
      expect(wrong.status).toBe(404);
    });

    it('attaches once and returns only display details', async () => {
      const intent = await provider.createSetupIntent({ merchantAccount: MERCHANT, kind: 'card', customerRef: 'user:1' });
      const url = `/sandbox-provider/api/setup-intents/${intent.setupIntentId}/attach`;
      const res = await call(app, 'POST', url, { body: { secret: intent.clientSecret, ...card('4242 4242 4242 4242') } });
      expect(res.status).toBe(200);
      expect(res.json.method).toMatchObject({ kind: 'card', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
      expect(res.body).not.toContain(TEST_CARDS.visa);
      const again = await call(app, 'POST', url, { body: { secret: intent.clientSecret, ...card(TEST_CARDS.mastercard) } });
      expect(again.status).toBe(409);
      expect((await call(app, 'GET', intent.hostedEntryUrl)).status).toBe(409);
    });

    it('attaches once when the page posts twice at once: one method stored, the other post refused', async () => {
      const db = database.current.db;
      const intent = await provider.createSetupIntent({ merchantAccount: MERCHANT, kind: 'card', customerRef: 'user:1' });
      const url = `/sandbox-provider/api/setup-intents/${intent.setupIntentId}/attach`;
      const methods = await count(db, 'sandbox_methods');
      const posts = await Promise.all([TEST_CARDS.visa, TEST_CARDS.mastercard].map((n) => call(app, 'POST', url, { body: { secret: intent.clientSecret, ...card(n) } })));
      expect(posts.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await count(db, 'sandbox_methods')).toBe(methods + 1);
      const saved = posts.find((r) => r.status === 200)!.json.method as TokenizedMethod;
      expect(await provider.retrieveSetupIntent(intent.setupIntentId)).toEqual({ status: 'succeeded', method: saved });
    });
  });

  it('never leaves a full card or account number in any of our (non-sandbox) tables', async () => {
    const db = database.current.db;
    const visa = await tokenize(app, provider, 'card', card(TEST_CARDS.visa));
    const acct = await tokenize(app, provider, 'bank', bank(TEST_BANK_ACCOUNTS.settles));
    expect(JSON.stringify([visa, acct])).not.toMatch(/4242424242424242|000123456789/);
    expect(visa).toMatchObject({ kind: 'card', brand: 'visa', last4: '4242' });
    expect(acct).toMatchObject({ kind: 'bank', last4: '6789', bankAccountType: 'checking' });
    // The provider's side does hold them (so the search below would find them if they leaked).
    expect(await count(db, `sandbox_methods WHERE card_number = '${TEST_CARDS.visa}'`)).toBeGreaterThan(0);
    const { rows: columns } = await db.query<{ table_schema: string; table_name: string; column_name: string }>(
      `SELECT c.table_schema, c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
       WHERE c.table_schema NOT IN ('pg_catalog', 'information_schema') AND c.table_name NOT LIKE 'sandbox\\_%'
         AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea', 'ARRAY', 'USER-DEFINED')`,
    );
    expect(columns.length).toBeGreaterThan(10);
    const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
    for (const c of columns) {
      for (const needle of [TEST_CARDS.visa, '4242 4242 4242 4242', '000123456789']) {
        const { rows } = await db.query<{ n: string | number }>(
          `SELECT count(*) AS n FROM ${q(c.table_schema)}.${q(c.table_name)} WHERE ${q(c.column_name)}::text LIKE $1`,
          [`%${needle}%`],
        );
        expect(Number(rows[0].n), `${c.table_schema}.${c.table_name}.${c.column_name} holds ${needle}`).toBe(0);
      }
    }
  });

  describe('charges', () => {
    let methods: Record<'visa' | 'mastercard' | 'declined' | 'transient' | 'settles' | 'returned', TokenizedMethod>;
    beforeAll(async () => {
      methods = {
        visa: await tokenize(app, provider, 'card', card(TEST_CARDS.visa)),
        mastercard: await tokenize(app, provider, 'card', card(TEST_CARDS.mastercard)),
        declined: await tokenize(app, provider, 'card', card(TEST_CARDS.declined)),
        transient: await tokenize(app, provider, 'card', card(TEST_CARDS.transientFailure)),
        settles: await tokenize(app, provider, 'bank', bank(TEST_BANK_ACCOUNTS.settles)),
        returned: await tokenize(app, provider, 'bank', bank(TEST_BANK_ACCOUNTS.returned)),
      };
    });
    const charge = (token: string, key: string, amountCents = 12_345) =>
      provider.charge({ merchantAccount: MERCHANT, token, amountCents, idempotencyKey: key, description: 'Assessments' });

    it('gives the published outcome for every test number', async () => {
      expect(methods.mastercard.brand).toBe('mastercard');
      expect(await charge(methods.visa.token, 'k-visa')).toMatchObject({ status: 'succeeded', chargeId: expect.stringMatching(/^ch_/) });
      expect((await charge(methods.visa.token, 'k-visa')).failure).toBeUndefined();
      expect(await charge(methods.mastercard.token, 'k-mc')).toMatchObject({ status: 'succeeded' });
      expect(await charge(methods.declined.token, 'k-declined')).toMatchObject({
        status: 'declined',
        failure: { code: 'card_declined', transient: false },
      });
      // A declined charge is final: retrying the key replays the decline.
      expect((await charge(methods.declined.token, 'k-declined')).status).toBe('declined');
      expect(await charge(methods.settles.token, 'k-bank')).toMatchObject({ status: 'pending' });
      expect(await charge(methods.returned.token, 'k-bank-ret')).toMatchObject({ status: 'pending' });
    });

    it('fails the transient card once per key, then succeeds on the retry of the same key', async () => {
      const first = await charge(methods.transient.token, 'k-transient');
      expect(first).toMatchObject({ status: 'failed', failure: { code: 'processing_error', transient: true } });
      const second = await charge(methods.transient.token, 'k-transient');
      expect(second).toEqual({ chargeId: first.chargeId, status: 'succeeded' });
      expect(await charge(methods.transient.token, 'k-transient')).toEqual(second);
      expect((await charge(methods.transient.token, 'k-transient-2')).status).toBe('failed');
      expect(await count(database.current.db, `sandbox_charges WHERE id = '${first.chargeId}'`)).toBe(1);
    });

    it('is idempotent by key and refuses a key reused with other parameters', async () => {
      const a = await charge(methods.visa.token, 'k-idem', 5000);
      expect(await charge(methods.visa.token, 'k-idem', 5000)).toEqual(a);
      await expect(charge(methods.visa.token, 'k-idem', 5001)).rejects.toBeInstanceOf(IdempotencyMismatchError);
      await expect(charge(methods.mastercard.token, 'k-idem', 5000)).rejects.toBeInstanceOf(IdempotencyMismatchError);
      expect(await count(database.current.db, `sandbox_charges WHERE id = '${a.chargeId}'`)).toBe(1);
      await expect(charge(methods.visa.token, '', 5000)).rejects.toThrow(/idempotency key/);
      await expect(charge(methods.visa.token, 'k-zero', 0)).rejects.toThrow(/amountCents/);
      await expect(charge('pm_unknown', 'k-unknown')).rejects.toThrow(/No such payment method/);
    });

    it('charges once under 20 concurrent calls with one key', async () => {
      let db: Db = database.current.db;
      let wide: Db | null = null;
      if (kind === 'postgres') {
        wide = await openPostgres(database.current.url!, 12);
        db = wide;
      }
      try {
        const p = createSandboxProvider({ db, clock: app.services.clock });
        const results = await Promise.all(
          Array.from({ length: 20 }, () => p.charge({ merchantAccount: MERCHANT, token: methods.visa.token, amountCents: 777, idempotencyKey: 'k-concurrent', description: 'x' })),
        );
        for (const r of results) expect(r).toEqual(results[0]);
        expect(results[0].status).toBe('succeeded');
        expect(await count(db, `sandbox_charges WHERE amount_cents = 777`)).toBe(1);
      } finally {
        await wide?.close();
      }
    });

    it('refunds succeeded charges in full or in part, idempotently', async () => {
      const c = await charge(methods.visa.token, 'k-refund', 10_000);
      const partial = await provider.refund({ chargeId: c.chargeId, amountCents: 2_500, idempotencyKey: 'r-1' });
      expect(partial).toMatchObject({ status: 'succeeded', refundId: expect.stringMatching(/^re_/) });
      expect(await provider.refund({ chargeId: c.chargeId, amountCents: 2_500, idempotencyKey: 'r-1' })).toEqual(partial);
      await expect(provider.refund({ chargeId: c.chargeId, amountCents: 2_600, idempotencyKey: 'r-1' })).rejects.toBeInstanceOf(IdempotencyMismatchError);
      await expect(provider.refund({ chargeId: c.chargeId, amountCents: 7_501, idempotencyKey: 'r-2' })).rejects.toThrow(/more than what is left/);
      expect((await provider.refund({ chargeId: c.chargeId, amountCents: 7_500, idempotencyKey: 'r-3' })).status).toBe('succeeded');
      await expect(provider.refund({ chargeId: c.chargeId, amountCents: 1, idempotencyKey: 'r-4' })).rejects.toThrow(/more than what is left/);
      const full = await charge(methods.mastercard.token, 'k-refund-full', 4_200);
      expect((await provider.refund({ chargeId: full.chargeId, amountCents: 4_200, idempotencyKey: 'r-5' })).status).toBe('succeeded');
      const declined = await charge(methods.declined.token, 'k-declined');
      await expect(provider.refund({ chargeId: declined.chargeId, amountCents: 100, idempotencyKey: 'r-6' })).rejects.toThrow(/Only succeeded charges/);
      const pending = await charge(methods.settles.token, 'k-bank');
      await expect(provider.refund({ chargeId: pending.chargeId, amountCents: 100, idempotencyKey: 'r-7' })).rejects.toThrow(/Only succeeded charges/);
      expect(await count(database.current.db, `sandbox_refunds WHERE charge_id = '${c.chargeId}'`)).toBe(2);
    });

    it('refuses unconnected merchant accounts', async () => {
      for (const merchantAccount of ['acct_test_unconnected', 'acct_test_unconnected_maple', 'not_an_account', '']) {
        await expect(provider.charge({ merchantAccount, token: methods.visa.token, amountCents: 100, idempotencyKey: `k-${merchantAccount}`, description: '' })).rejects.toBeInstanceOf(
          ProviderNotConnectedError,
        );
        await expect(provider.createSetupIntent({ merchantAccount, kind: 'card', customerRef: 'u' })).rejects.toBeInstanceOf(ProviderNotConnectedError);
      }
      // A method belongs to the merchant it was entered for.
      await expect(provider.charge({ merchantAccount: 'acct_other', token: methods.visa.token, amountCents: 100, idempotencyKey: 'k-other', description: '' })).rejects.toThrow(
        /No such payment method/,
      );
    });
  });
});
