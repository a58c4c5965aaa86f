// Development mode's site (server/dev-site.ts): pages and modules come from the development module
// server, the API and /dev routes stay the server's own, and the looser script policy exists only then.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DevSite } from '../../server/dev-site.ts';
import { testApp, useTestDatabase } from './helpers.ts';

/** A module server as small as the interface: one module, and a page naming the address it was made for. */
const moduleServer: DevSite = {
  middleware: (req, res, next) => {
    if (req.url === '/main.ts') {
      res.setHeader('content-type', 'text/javascript');
      res.end('export {};');
    } else next();
  },
  page: async (url) => `<!doctype html><html lang="en"><head><title>${url}</title></head><body><div id="root"></div></body></html>`,
};

describe('development site', () => {
  const database = useTestDatabase('pglite');
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp(database.current.db, { devSite: moduleServer });
  });
  afterAll(async () => { await app?.close(); });

  it('answers pages with the live page and modules from the module server', async () => {
    const page = await app.inject({ method: 'GET', url: '/login?next=%2Fbilling' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>/login?next=%2Fbilling</title>');
    const module = await app.inject({ method: 'GET', url: '/main.ts' });
    expect(module.body).toBe('export {};');
    // Hot updates need an inline start script and a WebSocket: allowed here, never in a build's server.
    expect(page.headers['content-security-policy']).toContain("script-src 'self' 'unsafe-inline'");
    expect(page.headers['content-security-policy']).toContain('ws:');
    expect(page.headers['content-security-policy']).not.toContain('unsafe-eval');
  });

  it('keeps the API and the /dev routes its own', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/users/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/json');
    const mailbox = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(mailbox.body).toContain('Development mailbox');
  });

  it('never answers a module the module server could not make with the page', async () => {
    const module = await app.inject({ method: 'GET', url: '/@id/__x00__virtual:engine-form/login' });
    expect(module.statusCode).toBe(404);
    expect(module.headers['content-type']).not.toContain('text/html');
  });

  it('never runs in production', async () => {
    await expect(testApp(database.current.db, { devSite: moduleServer, nodeEnv: 'production' })).rejects.toThrow(/never runs in production/);
  });
});

describe('the server of a build', () => {
  const database = useTestDatabase('pglite');
  it('keeps inline scripts and WebSockets out of its policy', async () => {
    const app = await testApp(database.current.db);
    try {
      const csp = (await app.inject({ method: 'GET', url: '/api/users/no-such-thing' })).headers['content-security-policy'];
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toContain('ws:');
    } finally {
      await app.close();
    }
  });
});
