// One-time codes: login and forgot-login reset, resend wait, expiry, attempt limit, hashing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, count, createTestClock, expectErrorShape, testApp, useTestDatabase } from './helpers.ts';

const OTP = '/api/users/OneTimePassword';

describe.each(BACKENDS)('one-time codes on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp(database.current.db, { clock: clock.now });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function latestMailTo(email: string): Promise<{ subject: string; text: string } | undefined> {
    const res = await call(app, 'GET', '/dev/mailbox.json');
    return (res.json as { to: string; subject: string; text: string }[]).find((m) => m.to === email);
  }

  async function requestCode(email: string, purpose: 'login' | 'reset'): Promise<string> {
    const res = await call(app, 'POST', OTP, { body: { email, purpose } });
    expect(res.status, res.body).toBe(202);
    const mail = await latestMailTo(email);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  }

  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('mails a 6-digit code to a known e-mail, stores only its hash, and answers unknown e-mails identically', async () => {
    const before = await count(database.current.db, 'mail_outbox');
    const known = await call(app, 'POST', OTP, { body: { email: DEMO.homeowner.email, purpose: 'login' } });
    const unknown = await call(app, 'POST', OTP, { body: { email: 'ghost@example.com', purpose: 'login' } });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.json).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 600 });
    expect(unknown.body).toBe(known.body);
    expect(await count(database.current.db, 'mail_outbox')).toBe(before + 1);
    const mail = await latestMailTo(DEMO.homeowner.email);
    expect(mail?.subject).toBe('Your verification code');
    const code = /\b(\d{6})\b/.exec(mail!.text)![1];
    const { rows } = await database.current.db.query<{ code_hash: string }>('SELECT code_hash FROM one_time_codes WHERE email = $1', [DEMO.homeowner.email]);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.code_hash).not.toContain(code);
      expect(r.code_hash.length).toBeGreaterThan(20);
    }
    // Resend within 60 s is refused for known and unknown e-mails alike.
    clock.advance(30_000);
    for (const email of [DEMO.homeowner.email, 'ghost@example.com']) {
      const again = await call(app, 'POST', OTP, { body: { email, purpose: 'login' } });
      expectErrorShape(again, 429, 'OTP004');
      expect(again.json.retryAfterSeconds).toBe(30);
      expect(again.headers['retry-after']).toBe('30');
    }
    // Another purpose is independent.
    expect((await call(app, 'POST', OTP, { body: { email: DEMO.homeowner.email, purpose: 'reset' } })).status).toBe(202);
    clock.advance(31_000);
    expect((await call(app, 'POST', OTP, { body: { email: DEMO.homeowner.email, purpose: 'login' } })).status).toBe(202);
  });

  it('signs in with a login code; the code works once and older codes stop working', async () => {
    clock.advance(61_000);
    const first = await requestCode(DEMO.chair.email, 'login');
    clock.advance(61_000);
    const code = await requestCode(DEMO.chair.email, 'login');
    if (first !== code) {
      expectErrorShape(await call(app, 'POST', `${OTP}/verify`, { body: { email: DEMO.chair.email, code: first, purpose: 'login' } }), 400, 'OTP001');
    }
    const res = await call(app, 'POST', `${OTP}/verify`, { body: { email: 'CHAIR@example.com', code, purpose: 'login' } });
    expect(res.status, res.body).toBe(200);
    expect(res.json.user.email).toBe(DEMO.chair.email);
    expect(decodeJwt(res.json.token)).toMatchObject({ UserId: res.json.userId, Customer: 'summit', aud: 'homeowner' });
    expect((await call(app, 'GET', `/api/users/Users/${res.json.userId}`, { token: res.json.token })).status).toBe(200);
    const reuse = await call(app, 'POST', `${OTP}/verify`, { body: { email: DEMO.chair.email, code, purpose: 'login' } });
    expectErrorShape(reuse, 400, 'OTP001');
    expect(reuse.json.detail).toBe('The verification code you entered is incorrect.');
  });

  it('kills a code after 5 wrong tries', async () => {
    clock.advance(61_000);
    const code = await requestCode(DEMO.board.email, 'login');
    for (let i = 1; i <= 4; i++) {
      expectErrorShape(await call(app, 'POST', `${OTP}/verify`, { body: { email: DEMO.board.email, code: wrong(code), purpose: 'login' } }), 400, 'OTP001');
    }
    const fifth = await call(app, 'POST', `${OTP}/verify`, { body: { email: DEMO.board.email, code: wrong(code), purpose: 'login' } });
    expectErrorShape(fifth, 400, 'OTP002');
    expect(fifth.json.detail).toBe('Too many attempts. Request a new code.');
    expectErrorShape(await call(app, 'POST', `${OTP}/verify`, { body: { email: DEMO.board.email, code, purpose: 'login' } }), 400, 'OTP002');
    // A new code works again.
    clock.advance(61_000);
    const fresh = await requestCode(DEMO.board.email, 'login');
    expect((await call(app, 'POST', `${OTP}/verify`, { body: { email: DEMO.board.email, code: fresh, purpose: 'login' } })).status).toBe(200);
  });

  it('expires a code after 10 minutes', async () => {
    clock.advance(61_000);
    const code = await requestCode(DEMO.paid.email, 'login');
    clock.advance(600_000);
    const res = await call(app, 'POST', `${OTP}/verify`, { body: { email: DEMO.paid.email, code, purpose: 'login' } });
    expectErrorShape(res, 400, 'OTP003');
    expect(res.json.detail).toBe('This code has expired. Request a new one.');
  });

  it('never accepts a code for an unknown e-mail and validates the code format', async () => {
    clock.advance(61_000);
    expect((await call(app, 'POST', OTP, { body: { email: 'nobody@example.com', purpose: 'login' } })).status).toBe(202);
    expectErrorShape(await call(app, 'POST', `${OTP}/verify`, { body: { email: 'nobody@example.com', code: '123456', purpose: 'login' } }), 400, 'OTP001');
    for (const code of ['12345', '1234567', 'abcdef', 123456]) {
      expectErrorShape(await call(app, 'POST', `${OTP}/verify`, { body: { email: DEMO.homeowner.email, code, purpose: 'login' } }), 400, 'VAL001');
    }
    expectErrorShape(await call(app, 'POST', OTP, { body: { email: DEMO.homeowner.email, purpose: 'other' } }), 400, 'VAL001');
  });

  it('resets a password: reset code -> reset token -> new password, once', async () => {
    clock.advance(61_000);
    const code = await requestCode(DEMO.homeowner.email, 'reset');
    // A reset code is not a login code.
    expectErrorShape(await call(app, 'POST', `${OTP}/verify`, { body: { email: DEMO.homeowner.email, code, purpose: 'login' } }), 400);
    const verified = await call(app, 'POST', `${OTP}/verify`, { body: { email: DEMO.homeowner.email, code, purpose: 'reset' } });
    expect(verified.status, verified.body).toBe(200);
    const { resetToken } = verified.json;
    expect(Object.keys(verified.json)).toEqual(['resetToken']);
    expect(decodeJwt(resetToken)).toMatchObject({ aud: 'password-reset' });
    // The reset token is not a session.
    expectErrorShape(await call(app, 'GET', '/api/users/HomeSettings', { token: resetToken }), 401);
    expectErrorShape(await call(app, 'PUT', `${OTP}/reset`, { body: { email: DEMO.paid.email, resetToken, password: 'Brand#New1' } }), 400, 'OTP005');
    expectErrorShape(await call(app, 'PUT', `${OTP}/reset`, { body: { email: DEMO.homeowner.email, resetToken, password: '12345' } }), 400, 'VAL001');
    const reset = await call(app, 'PUT', `${OTP}/reset`, { body: { email: DEMO.homeowner.email, resetToken, password: 'Brand#New1' } });
    expect(reset.status, reset.body).toBe(204);
    expectErrorShape(await call(app, 'PUT', `${OTP}/reset`, { body: { email: DEMO.homeowner.email, resetToken, password: 'Other#New2' } }), 400, 'OTP005');
    expectErrorShape(await call(app, 'POST', '/api/users/Users/Authenticate', { body: DEMO.homeowner }), 401, 'AUTH001');
    expect((await call(app, 'POST', '/api/users/Users/Authenticate', { body: { email: DEMO.homeowner.email, password: 'Brand#New1' } })).status).toBe(200);
  });

  it('refuses an expired reset token', async () => {
    clock.advance(61_000);
    const code = await requestCode(DEMO.chair.email, 'reset');
    const { resetToken } = (await call(app, 'POST', `${OTP}/verify`, { body: { email: DEMO.chair.email, code, purpose: 'reset' } })).json;
    clock.advance(16 * 60_000);
    expectErrorShape(await call(app, 'PUT', `${OTP}/reset`, { body: { email: DEMO.chair.email, resetToken, password: 'Brand#New1' } }), 400, 'OTP005');
  });
});
