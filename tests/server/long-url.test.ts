// A request Node's HTTP parser refuses (here a URL over 16 KB) is answered in the API's error shape
// with the security headers, and its connection ends cleanly: the client reads the whole answer and
// an orderly close, never a reset, even with a second request already sent on that connection.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp, useTestDatabase } from './helpers.ts';

interface RawExchange {
  text: string;
  ended: boolean;
  error: NodeJS.ErrnoException | null;
}

/** Sends `payload` on one new connection and reads until the server closes it. */
function exchange(port: number, payload: string): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const result: RawExchange = { text: '', ended: false, error: null };
    socket.on('connect', () => socket.write(payload));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      result.ended = true;
      socket.end();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => (result.error = error));
    socket.on('close', () => resolve({ ...result, text: Buffer.concat(chunks).toString('utf8') }));
    socket.setTimeout(10_000, () => socket.destroy(new Error('timed out')));
  });
}

function parse(text: string): { status: number; headers: Record<string, string>; body: string } {
  const [head, ...rest] = text.split('\r\n\r\n');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

describe('requests the HTTP parser refuses', () => {
  const database = useTestDatabase('pglite');
  let app: FastifyInstance;
  let port = 0;
  let logged = '';
  beforeAll(async () => {
    const stream = { write: (line: string) => void (logged += line) };
    app = await testApp(database.current.db, { logger: { level: 'warn', stream } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a URL over 16 KB: 431 in the error shape with the security headers, then a clean close', async () => {
    const longUrl = `/api/public/associations?q=${'a'.repeat(17 * 1024)}`;
    const second = 'GET /api/users/Security HTTP/1.1\r\nHost: portal.test\r\n\r\n';
    const result = await exchange(port, `GET ${longUrl} HTTP/1.1\r\nHost: portal.test\r\n\r\n${second}`);
    expect(result.error).toBeNull();
    expect(result.ended).toBe(true);
    const answer = parse(result.text);
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers.connection).toBe('close');
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    expect(JSON.parse(answer.body)).toEqual({
      status: 431,
      title: 'Request Header Fields Too Large',
      detail: 'The address or the headers of the request are larger than 16 KB.',
      errorCode: 'REQ004',
    });
    // The request sent after it on that connection is not answered (the client sends it again on a new one).
    expect(result.text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect(logged).toBe('');
    // The server goes on answering.
    const next = parse((await exchange(port, 'GET /api/users/Security HTTP/1.1\r\nHost: portal.test\r\nConnection: close\r\n\r\n')).text);
    expect(next.status).toBe(401);
  });

  it('a malformed request line: 400 in the error shape', async () => {
    const result = await exchange(port, 'GET /a b c\r\n\r\n');
    expect(result.error).toBeNull();
    const answer = parse(result.text);
    expect(answer.status).toBe(400);
    expect(answer.headers['content-security-policy']).toBeDefined();
    expect(JSON.parse(answer.body)).toMatchObject({ status: 400, errorCode: 'REQ000' });
  });
});
