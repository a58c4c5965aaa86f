// Mail goes over SMTP when SMTP_URL is set (here: a minimal SMTP server in the test), and into
// the database outbox otherwise (covered by otp.test.ts and web.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, count, testApp, useTestDatabase } from './helpers.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** Just enough SMTP for nodemailer: EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT. */
async function startSmtpServer(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '' };
    socket.write('220 test-smtp ready\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          received.push(current);
          current = { from: '', to: [], data: '' };
          inData = false;
          socket.write('250 2.0.0 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-test-smtp\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') { current.from = line; socket.write('250 2.1.0 ok\r\n'); }
        else if (verb === 'RCPT') { current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? line); socket.write('250 2.1.5 ok\r\n'); }
        else if (verb === 'DATA') { inData = true; socket.write('354 go ahead\r\n'); }
        else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(BACKENDS)('mail over SMTP on %s', (kind) => {
  const database = useTestDatabase(kind);
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await testApp(database.current.db, { smtpUrl: smtp.url, mailFrom: 'Portal <portal@summit.example>' });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('sends the one-time code by SMTP and writes nothing to the outbox', async () => {
    expect(app.services.mailer.kind).toBe('smtp');
    const res = await call(app, 'POST', '/api/users/OneTimePassword', { body: { email: DEMO.homeowner.email, purpose: 'login' } });
    expect(res.status).toBe(202);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail.to).toEqual([DEMO.homeowner.email]);
    expect(mail.from).toContain('portal@summit.example');
    expect(mail.data).toMatch(/Subject: Your verification code/);
    const code = /verification code is (\d{6})/.exec(mail.data)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(await count(database.current.db, 'mail_outbox')).toBe(0);
    const verified = await call(app, 'POST', '/api/users/OneTimePassword/verify', { body: { email: DEMO.homeowner.email, code, purpose: 'login' } });
    expect(verified.status).toBe(200);
    // Unknown e-mail: same answer, nothing sent.
    expect((await call(app, 'POST', '/api/users/OneTimePassword', { body: { email: 'ghost@example.com', purpose: 'login' } })).status).toBe(202);
    expect(smtp.received).toHaveLength(1);
  });
});
