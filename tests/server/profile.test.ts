// The homeowner's profile: contacts, addresses, preferences, the login change (password and
// e-mail with a code) and PA037 cleared by a primary e-mail contact. Refusals change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, clients, count, createTestClock, dataOf, expectErrorShape, expectStatus, signIn, testApp, useTestDatabase } from './helpers.ts';
import { subLedgerId } from './payments-helpers.ts';
import { DEMO_NO_PRIMARY_EMAIL } from '../../server/demo/profile.ts';
import type { Db } from '../../server/db/index.ts';

async function rowsOf(db: Db, table: string): Promise<string> {
  const { rows } = await db.query(`SELECT * FROM ${table} ORDER BY 1, 2`);
  return JSON.stringify(rows);
}

describe.each(BACKENDS)('profile on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let app: FastifyInstance;
  let home: { token: string; userId: number };
  let paid: { token: string; userId: number };
  const db = () => database.current.db;
  const users = () => clients(app, home.token).users;

  beforeAll(async () => {
    app = await testApp(database.current.db, { clock: clock.now, sandboxProvider: true });
    home = await signIn(app, DEMO.homeowner);
    paid = await signIn(app, DEMO.paid);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function mailsTo(email: string): Promise<{ subject: string; text: string }[]> {
    return ((await call(app, 'GET', '/dev/mailbox.json')).json as { to: string; subject: string; text: string }[]).filter((m) => m.to === email);
  }

  it('answers the profile with the demo contacts and addresses; another user id is 403', async () => {
    const profile = await dataOf(users().getHomeowner(home.userId), 200);
    expect(profile).toMatchObject({ userId: home.userId, firstName: 'Jordan', lastName: 'Rivera', loginEmail: DEMO.homeowner.email });
    expect(profile.contacts.map((c) => [c.type, c.label, c.value, c.primary, c.communicationPreference])).toEqual([
      ['email', 'Login e-mail', DEMO.homeowner.email, true, 'email'],
      ['phone', 'Mobile', '(404) 555-0134', true, 'text'],
      ['email', 'Work', 'jordan.rivera@work.example.com', false, 'paperAndEmail'],
      ['phone', 'Home', '404-555-0199', false, 'paper'],
    ]);
    expect(profile.addresses).toHaveLength(2);
    expect(profile.addresses[1]).toMatchObject({ international: true, country: 'France', postalCode: '69003', state: '', zip: '', primary: false });
    expectErrorShape(await users().getHomeowner(paid.userId), 403, 'AUTH003');
    expectErrorShape(await users().getPreferences(paid.userId), 403, 'AUTH003');
  });

  it('adds contacts; a new primary clears the old one of its type in the same write', async () => {
    const created = await dataOf(users().createContact(home.userId, { type: 'email', label: 'Personal', value: ' jordan@home.example.com ', primary: true }), 201);
    expect(created).toMatchObject({ type: 'email', label: 'Personal', value: 'jordan@home.example.com', primary: true, communicationPreference: 'email' });
    const phone = await dataOf(users().createContact(home.userId, { type: 'phone', label: 'Office', value: '+44 20 7946 0958' }), 201);
    expect(phone).toMatchObject({ primary: false, communicationPreference: 'paper' });
    const { contacts } = await dataOf(users().getHomeowner(home.userId), 200);
    expect(contacts.filter((c) => c.type === 'email' && c.primary).map((c) => c.id)).toEqual([created.id]);
    expect(contacts.filter((c) => c.type === 'phone' && c.primary)).toHaveLength(1);
    // Making the office phone primary moves the flag, leaving e-mails alone.
    const moved = await dataOf(users().updateContact(home.userId, phone.id, { primary: true, communicationPreference: 'text' }), 200);
    expect(moved).toMatchObject({ primary: true, communicationPreference: 'text', label: 'Office' });
    const after = (await dataOf(users().getHomeowner(home.userId), 200)).contacts;
    expect(after.filter((c) => c.primary).map((c) => c.id).sort()).toEqual([created.id, phone.id].sort());
    expectStatus(await users().deleteContact(home.userId, phone.id), 204);
    expectStatus(await users().deleteContact(home.userId, created.id), 204);
  });

  it('refuses bad contacts with the form messages and writes nothing', async () => {
    const before = await rowsOf(db(), 'user_contacts');
    const cases: [Parameters<ReturnType<typeof users>['createContact']>[1], Record<string, string>][] = [
      [{ type: 'email', label: '', value: 'a@b.example' }, { label: 'Label is required.' }],
      [{ type: 'email', label: 'x'.repeat(51), value: 'a@b.example' }, { label: 'Label must be at most 50 characters.' }],
      [{ type: 'email', label: 'Work', value: '' }, { value: 'Email is required.' }],
      [{ type: 'email', label: 'Work', value: 'not-an-email' }, { value: 'Please enter a valid email address format.' }],
      [{ type: 'email', label: 'Work', value: 'a@b' }, { value: 'Please enter a valid email address format.' }],
      [{ type: 'phone', label: 'Cell', value: '' }, { value: 'Phone number is required.' }],
      [{ type: 'phone', label: 'Cell', value: '555-0134' }, { value: 'Invalid phone number' }],
      [{ type: 'phone', label: 'Cell', value: '(123) 555-0134' }, { value: 'Invalid phone number' }],
      [{ type: 'phone', label: 'Cell', value: 'call me' }, { value: 'Invalid phone number' }],
      [{ type: 'email', label: 'Work', value: 'a@b.example', communicationPreference: 'text' }, { communicationPreference: 'This preference is not available for an e-mail address.' }],
      [{ type: 'phone', label: 'Cell', value: '4045550134', communicationPreference: 'paperAndEmail' }, { communicationPreference: 'This preference is not available for a phone number.' }],
      [{ type: 'phone', label: ' ', value: 'x' }, { label: 'Label is required.', value: 'Invalid phone number' }],
    ];
    for (const [body, fields] of cases) {
      const res = await users().createContact(home.userId, body);
      expectErrorShape(res, 400, 'VAL001');
      expect(res.data.fields, JSON.stringify(body)).toEqual(fields);
      expect(res.data.detail).toBe(Object.values(fields).join(' '));
    }
    const mobile = (await dataOf(users().getHomeowner(home.userId), 200)).contacts.find((c) => c.label === 'Mobile')!;
    const bad = await users().updateContact(home.userId, mobile.id, { value: '12' });
    expectErrorShape(bad, 400, 'VAL001');
    expect(bad.data.fields).toEqual({ value: 'Invalid phone number' });
    expect(await rowsOf(db(), 'user_contacts')).toBe(before);
  });

  it("another user's contact or address is 404 and stays as it was; another user's homeowner id is 403", async () => {
    const theirs = await dataOf(clients(app, paid.token).users.getHomeowner(paid.userId), 200);
    const contactId = theirs.contacts[0].id;
    const address = await dataOf(
      clients(app, paid.token).users.createAddress(paid.userId, { label: 'Home', international: false, street: '416 Maple Grove Lane', city: 'Atlanta', state: 'GA', zip: '30301' }),
      201,
    );
    const contacts = await rowsOf(db(), 'user_contacts');
    const addresses = await rowsOf(db(), 'user_addresses');
    expectErrorShape(await users().updateContact(home.userId, contactId, { label: 'Mine now' }), 404, 'CON404');
    expectErrorShape(await users().updateContact(home.userId, contactId, { value: 'bad' }), 404, 'CON404');
    expectErrorShape(await users().deleteContact(home.userId, contactId), 404, 'CON404');
    expectErrorShape(await users().updateContact(home.userId, 999999, { label: 'x' }), 404, 'CON404');
    const body = { label: 'Mine', international: false, street: '1 Main St', city: 'Atlanta', state: 'GA', zip: '30301' };
    expectErrorShape(await users().updateAddress(home.userId, address.id, body), 404, 'ADR404');
    expectErrorShape(await users().updateAddress(home.userId, address.id, { ...body, street: '' }), 404, 'ADR404');
    expectErrorShape(await users().deleteAddress(home.userId, address.id), 404, 'ADR404');
    // Naming the other user's id itself is refused before anything is looked at.
    expectErrorShape(await users().createContact(paid.userId, { type: 'email', label: 'x', value: 'x@y.example' }), 403, 'AUTH003');
    expectErrorShape(await users().updateContact(paid.userId, contactId, { label: 'x' }), 403, 'AUTH003');
    expectErrorShape(await users().deleteAddress(paid.userId, address.id), 403, 'AUTH003');
    expectErrorShape(await users().updatePreferences(paid.userId, { directory: { phone: true } }), 403, 'AUTH003');
    expect(await rowsOf(db(), 'user_contacts')).toBe(contacts);
    expect(await rowsOf(db(), 'user_addresses')).toBe(addresses);
  });

  it('adds, replaces and removes addresses, domestic and international, one primary at most', async () => {
    const a = await dataOf(
      users().createAddress(home.userId, { label: 'Office', international: false, street: ' 55 Peachtree St ', street2: 'Suite 4', city: 'Atlanta', state: 'ga', zip: '30303-1234', primary: true, country: 'ignored' }),
      201,
    );
    expect(a).toMatchObject({ street: '55 Peachtree St', state: 'GA', zip: '30303-1234', country: '', primary: true });
    const b = await dataOf(users().createAddress(home.userId, { label: 'Cottage', international: true, street: '3 High St', city: 'Bath', country: 'United Kingdom', postalCode: 'BA1 1AA' }), 201);
    expect(b).toMatchObject({ international: true, province: '', state: '', primary: false });
    const replaced = await dataOf(
      users().updateAddress(home.userId, b.id, { label: 'Cottage', international: true, street: '3 High St', city: 'Bath', province: 'Somerset', country: 'United Kingdom', postalCode: 'BA1 1AA', primary: true }),
      200,
    );
    expect(replaced).toMatchObject({ province: 'Somerset', primary: true });
    const all = (await dataOf(users().getHomeowner(home.userId), 200)).addresses;
    expect(all.filter((x) => x.primary).map((x) => x.id)).toEqual([b.id]);
    expectStatus(await users().deleteAddress(home.userId, a.id), 204);
    expectStatus(await users().deleteAddress(home.userId, b.id), 204);
    expectErrorShape(await users().deleteAddress(home.userId, b.id), 404, 'ADR404');
  });

  it('refuses bad addresses with the form messages and writes nothing', async () => {
    const before = await rowsOf(db(), 'user_addresses');
    const domestic = { label: 'Home', international: false, street: '1 Main St', city: 'Atlanta', state: 'GA', zip: '30301' };
    const abroad = { label: 'Abroad', international: true, street: '1 Rue', city: 'Paris', country: 'France', postalCode: '75001' };
    const cases: [Parameters<ReturnType<typeof users>['createAddress']>[1], Record<string, string>][] = [
      [{ ...domestic, label: '', street: '', city: '', state: '', zip: '' }, { label: 'Label is required.', street: 'Street is required.', city: 'City is required.', state: 'State is required.', zip: 'Zip code is required.' }],
      [{ ...domestic, state: 'Georgia' }, { state: 'Please enter a valid 2-letter state code.' }],
      [{ ...domestic, state: 'ZZ' }, { state: 'Please enter a valid 2-letter state code.' }],
      [{ ...domestic, zip: '3030' }, { zip: 'Please enter a valid zip code (12345 or 12345-6789).' }],
      [{ ...domestic, zip: '30301-12' }, { zip: 'Please enter a valid zip code (12345 or 12345-6789).' }],
      [{ ...abroad, country: '', postalCode: ' ' }, { country: 'Country is required.', postalCode: 'Postal code is required.' }],
      [{ ...abroad, city: 'x'.repeat(101) }, { city: 'City must be at most 100 characters.' }],
    ];
    for (const [body, fields] of cases) {
      const res = await users().createAddress(home.userId, body);
      expectErrorShape(res, 400, 'VAL001');
      expect(res.data.fields, JSON.stringify(body)).toEqual(fields);
    }
    const own = (await dataOf(users().getHomeowner(home.userId), 200)).addresses[0];
    const bad = await users().updateAddress(home.userId, own.id, { ...domestic, zip: 'abc' });
    expectErrorShape(bad, 400, 'VAL001');
    expect(await rowsOf(db(), 'user_addresses')).toBe(before);
  });

  it('keeps preferences: never-set directory is name only, billing texts only where offered, home settings agree', async () => {
    const fresh = await dataOf(clients(app, paid.token).users.getPreferences(paid.userId), 200);
    expect(fresh).toEqual({
      sendPaymentConfirmationEmail: true,
      receivePayBillingText: false,
      billingTextNotificationsAvailable: true,
      directorySet: false,
      directory: { name: true, phone: false, email: false, mailingAddress: false, title: false },
      directoryTitle: null,
    });
    const saved = await dataOf(
      clients(app, paid.token).users.updatePreferences(paid.userId, { sendPaymentConfirmationEmail: false, receivePayBillingText: true, directory: { phone: true }, directoryTitle: ' Treasurer ' }),
      200,
    );
    expect(saved).toMatchObject({ sendPaymentConfirmationEmail: false, receivePayBillingText: true, directorySet: true, directoryTitle: 'Treasurer' });
    expect(saved.directory).toEqual({ name: true, phone: true, email: false, mailingAddress: false, title: false });
    const settings = await dataOf(clients(app, paid.token).users.getHomeSettings(), 200);
    expect(settings.preferences).toEqual({ sendPaymentConfirmationEmail: false, receivePayBillingText: true });
    const long = await clients(app, paid.token).users.updatePreferences(paid.userId, { directoryTitle: 'x'.repeat(51) });
    expectErrorShape(long, 400, 'VAL001');
    expect(long.data.fields).toEqual({ directoryTitle: 'Title must be at most 50 characters.' });

    // A company without billing texts: turning them on is refused, nothing else in the request is kept.
    await db().query(`UPDATE management_companies SET billing_text_notifications_available = false WHERE code = 'summit'`);
    try {
      const users0 = await rowsOf(db(), 'users');
      const prefs0 = await rowsOf(db(), 'directory_preferences');
      const refused = await users().updatePreferences(home.userId, { receivePayBillingText: true, sendPaymentConfirmationEmail: false, directory: { email: false } });
      expectErrorShape(refused, 400, 'PRF001');
      expect(refused.data.detail).toBe('Text messages about payments and billing are not offered by your management company.');
      expect(await rowsOf(db(), 'users')).toBe(users0);
      expect(await rowsOf(db(), 'directory_preferences')).toBe(prefs0);
      expect((await dataOf(users().updatePreferences(home.userId, { receivePayBillingText: false }), 200)).billingTextNotificationsAvailable).toBe(false);
    } finally {
      await db().query(`UPDATE management_companies SET billing_text_notifications_available = true WHERE code = 'summit'`);
    }
  });

  it('changes the password through PATCH /home/login, ending the other sessions', async () => {
    const me = await signIn(app, DEMO.paid);
    const other = await signIn(app, DEMO.paid);
    const login = clients(app, me.token).users;
    expectErrorShape(await login.updateLogin({ currentPassword: 'wrong-password', newPassword: 'Another#2026' }), 400, 'PWD001');
    expectErrorShape(await login.updateLogin({ currentPassword: DEMO.paid.password, newPassword: '12345' }), 400, 'VAL001');
    // Only one of the three forms at a time, and nothing else.
    for (const body of [{ currentPassword: DEMO.paid.password, newPassword: 'Another#2026', newEmail: 'x@y.example' }, { newEmail: 'x@y.example', code: '123456', currentPassword: 'x' }, { newPassword: 'Another#2026' }, {}]) {
      expectErrorShape(await login.updateLogin(body), 400, 'VAL001');
    }
    expectErrorShape(await call(app, 'PATCH', '/api/users/home/login', { token: me.token, body: { currentPassword: 'x', newPassword: 'Another#2026', extra: 1 } }), 400, 'VAL001');
    const done = await dataOf(login.updateLogin({ currentPassword: DEMO.paid.password, newPassword: 'Another#2026' }), 200);
    expect(done).toEqual({ changed: 'password', loginEmail: DEMO.paid.email });
    expectStatus(await login.getSecurity(), 200);
    expectErrorShape(await clients(app, other.token).users.getSecurity(), 401, 'AUTH002');
    expectErrorShape(await clients(app).users.authenticate({ email: DEMO.paid.email, password: DEMO.paid.password }), 401, 'AUTH001');
    await signIn(app, { email: DEMO.paid.email, password: 'Another#2026' });
    expectStatus(await login.updateLogin({ currentPassword: 'Another#2026', newPassword: DEMO.paid.password }), 200);
  });

  it('changes the login e-mail with a code sent to the new address, and tells the old one', async () => {
    const me = await signIn(app, DEMO.homeowner);
    const login = clients(app, me.token).users;
    const newEmail = 'Jordan.New@Example.com';
    const target = newEmail.toLowerCase();
    expectErrorShape(await login.updateLogin({ currentPassword: 'wrong-password', newEmail }), 400, 'PWD001');
    expectErrorShape(await login.updateLogin({ currentPassword: DEMO.homeowner.password, newEmail: DEMO.paid.email }), 409, 'REG003');
    const same = await login.updateLogin({ currentPassword: DEMO.homeowner.password, newEmail: DEMO.homeowner.email });
    expectErrorShape(same, 400, 'VAL001');
    expect(same.data.fields).toEqual({ newEmail: 'This is already your login e-mail.' });
    expect(await count(db(), 'login_email_changes')).toBe(0);

    const codeOf = async () => /\b(\d{6})\b/.exec((await mailsTo(target))[0]?.text ?? '')![1];
    expect(await dataOf(login.updateLogin({ currentPassword: DEMO.homeowner.password, newEmail }), 202)).toEqual({ pending: 'email', expiresInSeconds: 600, resendAfterSeconds: 60 });
    const first = await codeOf();
    expectErrorShape(await login.updateLogin({ currentPassword: DEMO.homeowner.password, newEmail }), 429, 'OTP004');
    const wrong = String((Number(first) + 1) % 1_000_000).padStart(6, '0');
    expectErrorShape(await login.updateLogin({ newEmail, code: wrong }), 400, 'OTP001');
    expectErrorShape(await login.updateLogin({ newEmail: 'someone.else@example.com', code: first }), 400, 'OTP001');
    // Expired after 10 minutes.
    clock.advance(601_000);
    expectErrorShape(await login.updateLogin({ newEmail, code: first }), 400, 'OTP003');
    // A new code; five wrong tries kill it.
    expectStatus(await login.updateLogin({ currentPassword: DEMO.homeowner.password, newEmail }), 202);
    const second = await codeOf();
    expect(second).toBeDefined();
    const wrong2 = String((Number(second) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 4; i++) expectErrorShape(await login.updateLogin({ newEmail, code: wrong2 }), 400, 'OTP001');
    expectErrorShape(await login.updateLogin({ newEmail, code: wrong2 }), 400, 'OTP002');
    expectErrorShape(await login.updateLogin({ newEmail, code: second }), 400, 'OTP002');
    const { rows: still } = await db().query<{ email: string }>('SELECT email FROM users WHERE id = $1', [me.userId]);
    expect(still[0].email).toBe(DEMO.homeowner.email);

    clock.advance(61_000);
    expectStatus(await login.updateLogin({ currentPassword: DEMO.homeowner.password, newEmail }), 202);
    const third = await codeOf();
    const toldBefore = (await mailsTo(DEMO.homeowner.email)).length;
    expect(await dataOf(login.updateLogin({ newEmail, code: third }), 200)).toEqual({ changed: 'email', loginEmail: target });
    expect(await count(db(), 'login_email_changes')).toBe(0);
    const told = await mailsTo(DEMO.homeowner.email);
    expect(told.length).toBe(toldBefore + 1);
    expect(told[0]).toMatchObject({ subject: 'Your login e-mail was changed' });
    expect(told[0].text).toContain(target);
    // The session goes on; the new address signs in, the old one no longer does.
    expect((await dataOf(login.getHomeowner(me.userId), 200)).loginEmail).toBe(target);
    await signIn(app, { email: target, password: DEMO.homeowner.password });
    expect(await count(db(), `users WHERE email = '${DEMO.homeowner.email}'`)).toBe(0);
    // A used code does not work twice.
    expectErrorShape(await login.updateLogin({ newEmail, code: third }), 400, 'OTP001');
    await db().query('UPDATE users SET email = $1 WHERE id = $2', [DEMO.homeowner.email, me.userId]);
  });

  it('refuses PA037 without a primary e-mail, and a primary e-mail contact clears it', async () => {
    const sam = await signIn(app, DEMO_NO_PRIMARY_EMAIL);
    const id = await subLedgerId(db(), DEMO_NO_PRIMARY_EMAIL.account);
    const pay = clients(app, sam.token).payments;
    const before = await count(db(), 'payments');
    expectErrorShape(await pay.setupPayment({ subLedgerId: id, amountCents: 1000, methodKind: 'card' }), 409, 'PA037');
    expect(await count(db(), 'payments')).toBe(before);
    const profile = await dataOf(clients(app, sam.token).users.getHomeowner(sam.userId), 200);
    expect(profile.contacts).toEqual([expect.objectContaining({ type: 'email', value: DEMO_NO_PRIMARY_EMAIL.email, primary: false })]);
    // A primary phone is not a primary e-mail.
    expectStatus(await clients(app, sam.token).users.createContact(sam.userId, { type: 'phone', label: 'Mobile', value: '305 555 0100', primary: true }), 201);
    expectErrorShape(await pay.setupPayment({ subLedgerId: id, amountCents: 1000, methodKind: 'card' }), 409, 'PA037');
    expectStatus(await clients(app, sam.token).users.updateContact(sam.userId, profile.contacts[0].id, { primary: true }), 200);
    const ok = await pay.setupPayment({ subLedgerId: id, amountCents: 1000, methodKind: 'card' });
    expectStatus(ok, 201);
    const { rows } = await db().query<{ payer_email: string }>('SELECT payer_email FROM payments WHERE id = $1', [ok.data.paymentId]);
    expect(rows[0].payer_email).toBe(DEMO_NO_PRIMARY_EMAIL.email);
  });
});
