// At the info level (production's), each request is one log line when it is answered: method,
// address, status, time taken and the request's id; a failed one keeps its error in its line.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { HandlerMap } from '../../server/handlers/types.ts';
import { defaultHandlers } from '../../server/handlers/index.ts';
import { BACKENDS, call, testApp, useTestDatabase } from './helpers.ts';

describe.each(BACKENDS)('request log on %s', (kind) => {
  const database = useTestDatabase(kind);
  const lines: Array<Record<string, unknown>> = [];
  let app: FastifyInstance;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    // One operation fails unexpectedly, to see a 500's line.
    const handlers: HandlerMap = { ...defaultHandlers(), getAccounts: async () => Promise.reject(new Error('the database went away')) };
    app = await testApp(database.current.db, { handlers, logger: { level: 'info', stream } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('writes one line per request, when it is answered', async () => {
    lines.length = 0;
    await call(app, 'GET', '/api/guest-pay/configuration?associationCode=maplegrove');
    await call(app, 'GET', '/api/users/Users/1');
    const requests = lines.filter((l) => (l.req as { url?: string } | undefined)?.url !== undefined);
    expect(requests).toHaveLength(2);
    expect(requests.map((l) => [l.msg, (l.req as { method: string }).method, (l.req as { url: string }).url, (l.res as { statusCode: number }).statusCode])).toEqual([
      ['request completed', 'GET', '/api/guest-pay/configuration?associationCode=maplegrove', 200],
      ['request completed', 'GET', '/api/users/Users/1', 401],
    ]);
    for (const line of requests) {
      expect(line.level).toBe(30);
      expect(line.reqId).toMatch(/^[0-9A-F]{12}$/);
      expect(typeof line.responseTime).toBe('number');
    }
    expect(requests[0].reqId).not.toBe(requests[1].reqId);
    expect(lines.some((l) => l.msg === 'incoming request')).toBe(false);
  });

  it('keeps a 500’s error in the log, with its errorId, and never in the answer', async () => {
    lines.length = 0;
    const { token } = (await call(app, 'POST', '/api/users/Users/Authenticate', { body: { email: 'homeowner@example.com', password: 'Homeowner#2026' } })).json;
    const res = await call(app, 'GET', '/api/payments/Account', { token });
    expect(res.status).toBe(500);
    expect(res.body).not.toContain('the database went away');
    const logged = lines.find((l) => l.errorId === res.json.errorId);
    expect((logged?.err as { message?: string } | undefined)?.message).toBe('the database went away');
    const completed = lines.filter((l) => l.msg === 'request completed' && (l.req as { url: string }).url === '/api/payments/Account');
    expect(completed.map((l) => (l.res as { statusCode: number }).statusCode)).toEqual([500]);
  });
});
