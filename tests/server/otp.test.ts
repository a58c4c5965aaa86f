// One-time codes: login and forgot-login reset, resend wait, expiry, attempt limit, hashing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, count, createTestClock, expectErrorShape, testApp, useTestDatabase, clients, expectStatus, dataOf } from './helpers.ts';

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
    const res = await clients(app).users.requestOneTimePassword({ email, purpose });
    expectStatus(res, 202);
    const mail = await latestMailTo(email);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  }

  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('mails a 6-digit code to a known e-mail, stores only its hash, and answers unknown e-mails identically', async () => {
    const before = await count(database.current.db, 'mail_outbox');
    const known = await clients(app).users.requestOneTimePassword({ email: DEMO.homeowner.email, purpose: 'login' });
    const unknown = await clients(app).users.requestOneTimePassword({ email: 'ghost@example.com', purpose: 'login' });
    expectStatus(known, 202);
    expectStatus(unknown, 202);
    expect(known.data).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 600 });
    expect(JSON.stringify(unknown.data)).toBe(JSON.stringify(known.data));
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
      const again = await clients(app).users.requestOneTimePassword({ email, purpose: 'login' });
      expectErrorShape(again, 429, 'OTP004');
      expect(again.data.retryAfterSeconds).toBe(30);
      expect(again.headers.get('retry-after')).toBe('30');
    }
    // Another purpose is independent.
    expect((await clients(app).users.requestOneTimePassword({ email: DEMO.homeowner.email, purpose: 'reset' })).status).toBe(202);
    clock.advance(31_000);
    expect((await clients(app).users.requestOneTimePassword({ email: DEMO.homeowner.email, purpose: 'login' })).status).toBe(202);
  });

  it('signs in with a login code; the code works once and older codes stop working', async () => {
    clock.advance(61_000);
    const first = await requestCode(DEMO.chair.email, 'login');
    clock.advance(61_000);
    const code = await requestCode(DEMO.chair.email, 'login');
    if (first !== code) {
      expectErrorShape(await clients(app).users.verifyOneTimePassword({ email: DEMO.chair.email, code: first, purpose: 'login' }), 400, 'OTP001');
    }
    const res = await clients(app).users.verifyOneTimePassword({ email: 'CHAIR@example.com', code, purpose: 'login' });
    expectStatus(res, 200);
    if (!('token' in res.data)) throw new Error(`a login code answered no session: ${JSON.stringify(res.data)}`);
    expect(res.data.user.email).toBe(DEMO.chair.email);
    expect(decodeJwt(res.data.token)).toMatchObject({ UserId: res.data.userId, Customer: 'summit', aud: 'homeowner' });
    expect((await clients(app, res.data.token).users.getUser(res.data.userId)).status).toBe(200);
    const reuse = await clients(app).users.verifyOneTimePassword({ email: DEMO.chair.email, code, purpose: 'login' });
    expectErrorShape(reuse, 400, 'OTP001');
    expect(reuse.data.detail).toBe('The verification code you entered is incorrect.');
  });

  it('kills a code after 5 wrong tries', async () => {
    clock.advance(61_000);
    const code = await requestCode(DEMO.board.email, 'login');
    for (let i = 1; i <= 4; i++) {
      expectErrorShape(await clients(app).users.verifyOneTimePassword({ email: DEMO.board.email, code: wrong(code), purpose: 'login' }), 400, 'OTP001');
    }
    const fifth = await clients(app).users.verifyOneTimePassword({ email: DEMO.board.email, code: wrong(code), purpose: 'login' });
    expectErrorShape(fifth, 400, 'OTP002');
    expect(fifth.data.detail).toBe('Too many attempts. Request a new code.');
    expectErrorShape(await clients(app).users.verifyOneTimePassword({ email: DEMO.board.email, code, purpose: 'login' }), 400, 'OTP002');
    // A new code works again.
    clock.advance(61_000);
    const fresh = await requestCode(DEMO.board.email, 'login');
    expect((await clients(app).users.verifyOneTimePassword({ email: DEMO.board.email, code: fresh, purpose: 'login' })).status).toBe(200);
  });

  it('expires a code after 10 minutes', async () => {
    clock.advance(61_000);
    const code = await requestCode(DEMO.paid.email, 'login');
    clock.advance(600_000);
    const res = await clients(app).users.verifyOneTimePassword({ email: DEMO.paid.email, code, purpose: 'login' });
    expectErrorShape(res, 400, 'OTP003');
    expect(res.data.detail).toBe('This code has expired. Request a new one.');
  });

  it('never accepts a code for an unknown e-mail and validates the code format', async () => {
    clock.advance(61_000);
    expect((await clients(app).users.requestOneTimePassword({ email: 'nobody@example.com', purpose: 'login' })).status).toBe(202);
    expectErrorShape(await clients(app).users.verifyOneTimePassword({ email: 'nobody@example.com', code: '123456', purpose: 'login' }), 400, 'OTP001');
    // Bodies the contract does not allow (a number for the code, an unknown purpose): untyped calls.
    for (const code of ['12345', '1234567', 'abcdef', 123456]) {
      expectErrorShape(await call(app, 'POST', `${OTP}/verify`, { body: { email: DEMO.homeowner.email, code, purpose: 'login' } }), 400, 'VAL001');
    }
    expectErrorShape(await call(app, 'POST', OTP, { body: { email: DEMO.homeowner.email, purpose: 'other' } }), 400, 'VAL001');
  });

  it('resets a password: reset code -> reset token -> new password, once', async () => {
    clock.advance(61_000);
    const code = await requestCode(DEMO.homeowner.email, 'reset');
    // A reset code is not a login code.
    expectErrorShape(await clients(app).users.verifyOneTimePassword({ email: DEMO.homeowner.email, code, purpose: 'login' }), 400);
    const verified = await clients(app).users.verifyOneTimePassword({ email: DEMO.homeowner.email, code, purpose: 'reset' });
    expectStatus(verified, 200);
    if (!('resetToken' in verified.data)) throw new Error(`a reset code answered no reset token: ${JSON.stringify(verified.data)}`);
    const { resetToken } = verified.data;
    expect(Object.keys(verified.data)).toEqual(['resetToken']);
    expect(decodeJwt(resetToken)).toMatchObject({ aud: 'password-reset' });
    // The reset token is not a session.
    expectErrorShape(await clients(app, resetToken).users.getHomeSettings(), 401);
    expectErrorShape(await clients(app).users.resetPassword({ email: DEMO.paid.email, resetToken, password: 'Brand#New1' }), 400, 'OTP005');
    expectErrorShape(await clients(app).users.resetPassword({ email: DEMO.homeowner.email, resetToken, password: '12345' }), 400, 'VAL001');
    const reset = await clients(app).users.resetPassword({ email: DEMO.homeowner.email, resetToken, password: 'Brand#New1' });
    expectStatus(reset, 204);
    expectErrorShape(await clients(app).users.resetPassword({ email: DEMO.homeowner.email, resetToken, password: 'Other#New2' }), 400, 'OTP005');
    expectErrorShape(await clients(app).users.authenticate(DEMO.homeowner), 401, 'AUTH001');
    expect((await clients(app).users.authenticate({ email: DEMO.homeowner.email, password: 'Brand#New1' })).status).toBe(200);
  });

  it('refuses an expired reset token', async () => {
    clock.advance(61_000);
    const code = await requestCode(DEMO.chair.email, 'reset');
    const verified = await dataOf(clients(app).users.verifyOneTimePassword({ email: DEMO.chair.email, code, purpose: 'reset' }), 200);
    if (!('resetToken' in verified)) throw new Error(`a reset code answered no reset token: ${JSON.stringify(verified)}`);
    const { resetToken } = verified;
    clock.advance(16 * 60_000);
    expectErrorShape(await clients(app).users.resetPassword({ email: DEMO.chair.email, resetToken, password: 'Brand#New1' }), 400, 'OTP005');
  });
});
