// One-time codes per account: at most 20 wrong codes a day from all addresses together; past that
// the account takes no codes for 24 hours, its owner is told, and password sign-in still works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, count, createTestClock, expectErrorShape, testApp, useTestDatabase, clients, expectStatus } from './helpers.ts';


describe.each(BACKENDS)('one-time codes per account on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let app: FastifyInstance;
  let ipCounter = 0;
  const nextIp = () => `10.9.${Math.floor(ipCounter / 200)}.${(ipCounter++ % 200) + 1}`;
  beforeAll(async () => {
    app = await testApp(database.current.db, { clock: clock.now });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function mailsTo(email: string): Promise<{ subject: string; text: string }[]> {
    return ((await call(app, 'GET', '/dev/mailbox.json')).json as { to: string; subject: string; text: string }[]).filter((m) => m.to === email);
  }

  async function requestCode(email: string, purpose: 'login' | 'reset'): Promise<string | null> {
    clock.advance(61_000); // past the resend wait
    const res = await clients(app).users.requestOneTimePassword({ email, purpose }, { ip: nextIp() });
    expectStatus(res, 202);
    const latest = (await mailsTo(email))[0];
    return /\b(\d{6})\b/.exec(latest?.text ?? '')?.[1] ?? null;
  }

  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const verify = (email: string, code: string, purpose: 'login' | 'reset') =>
    clients(app).users.verifyOneTimePassword({ email, code, purpose }, { ip: nextIp() });

  it('per-account code limit', async () => {
    const email = DEMO.homeowner.email;
    // 19 wrong codes from 19 addresses, over both purposes (each code dies after 5 wrong tries).
    let wrongSoFar = 0;
    while (wrongSoFar < 19) {
      const purpose = wrongSoFar % 2 === 0 ? 'login' : 'reset';
      const code = (await requestCode(email, purpose))!;
      for (let i = 0; i < 5 && wrongSoFar < 19; i++, wrongSoFar++) {
        const res = await verify(email, wrong(code), purpose);
        expectStatus(res, 400);
      }
    }
    // Still below the limit: a right code works.
    const good = await requestCode(email, 'login');
    expect((await verify(email, good!, 'login')).status).toBe(200);

    const mailsBefore = await count(database.current.db, 'mail_outbox');
    const code = (await requestCode(email, 'login'))!;
    const twentieth = await verify(email, wrong(code), 'login');
    expectErrorShape(twentieth, 429, 'OTP006');
    expect(twentieth.data.retryAfterSeconds).toBe(24 * 3600);
    // The owner is told once, by e-mail.
    const notices = (await mailsTo(email)).filter((m) => m.subject === 'Sign-in codes paused for your account');
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toContain('You can still sign in with your password.');
    expect(await count(database.current.db, 'mail_outbox')).toBe(mailsBefore + 2); // the code, the notice

    // Codes are refused, even the right one and for a reset, from any address.
    expectErrorShape(await verify(email, code, 'login'), 429, 'OTP006');
    expect(await requestCode(email, 'reset')).toBeNull(); // the same answer, but a reminder instead of a code
    expect((await mailsTo(email))[0].subject).toBe('Sign-in codes paused for your account');
    const { rows } = await database.current.db.query<{ id: number }>(`SELECT id FROM one_time_codes WHERE email = $1 AND purpose = 'reset' AND used_at IS NULL`, [email]);
    expect(rows).toHaveLength(1);
    // Password sign-in is unaffected.
    const signedIn = await clients(app).users.authenticate(DEMO.homeowner, { ip: nextIp() });
    expectStatus(signedIn, 200);
    // Another account is unaffected.
    const other = await requestCode(DEMO.paid.email, 'login');
    expect((await verify(DEMO.paid.email, other!, 'login')).status).toBe(200);

    // 24 hours later the account takes codes again.
    clock.advance(24 * 3600 * 1000);
    const later = await requestCode(email, 'login');
    expect(later).not.toBeNull();
    expect((await verify(email, later!, 'login')).status).toBe(200);
  });

  it('counts wrong codes per day: the count starts again after a day', async () => {
    const email = DEMO.board.email;
    for (let round = 0; round < 2; round++) {
      let wrongSoFar = 0;
      while (wrongSoFar < 15) {
        const code = (await requestCode(email, 'login'))!;
        for (let i = 0; i < 5; i++, wrongSoFar++) expect((await verify(email, wrong(code), 'login')).status).toBe(400);
      }
      clock.advance(24 * 3600 * 1000);
    }
    const code = await requestCode(email, 'login');
    expect((await verify(email, code!, 'login')).status).toBe(200);
  });
});
