// What the portal serves for embedding besides its pages: /embed.js, loadable by other sites and
// always revalidated; and the demo's host site, a page of another site showing the portal.
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from '../../server/security-headers.ts';
import { registerEmbedScript } from '../../server/embed-script.ts';
import { hostNameFor } from '../../server/demo/host-site-start.ts';
import { HOST_LINKS, hostPage, startHostSite, type HostSite } from '../../server/demo/host-site.ts';

describe('/embed.js', () => {
  it('is served as a script other sites may load, revalidated on every use', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { frameAncestors: ["'self'"], production: true });
    registerEmbedScript(app);
    await app.ready();
    const answer = await app.inject({ method: 'GET', url: '/embed.js' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(answer.body).toContain('PortalEmbed');
    const again = await app.inject({ method: 'GET', url: '/embed.js', headers: { 'if-none-match': String(answer.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await app.inject({ method: 'HEAD', url: '/embed.js' });
    expect(head.statusCode).toBe(200);
    await app.close();
  });
});

describe('the demo host site', () => {
  const started: HostSite[] = [];
  afterAll(async () => { for (const site of started) await site.close(); });

  it('is on the other loopback name than the portal: another site to the browser', () => {
    expect(hostNameFor('http://localhost:8080')).toBe('127.0.0.1');
    expect(hostNameFor('http://127.0.0.1:18480')).toBe('localhost');
    expect(hostNameFor('https://portal.example.org')).toBe('127.0.0.1');
  });

  it('shows the portal with the one tag, and steers it from its own navigation', async () => {
    const site = await startHostSite({
      port: 0, host: '127.0.0.1', portalUrl: 'http://localhost:8080',
      association: { code: 'maplegrove', name: 'Maple Grove HOA' }, themes: ['Default', 'Evergreen'],
    });
    started.push(site);
    const address = site.server.address() as { port: number };
    const answer = await fetch(`http://127.0.0.1:${address.port}/`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await answer.text();
    expect(html).toContain('<script src="http://localhost:8080/embed.js" data-association="maplegrove" data-path="/paynow" data-target="#portal"');
    for (const link of HOST_LINKS) expect(html).toContain(`data-portal-path="${link.path}"`);
    expect(html).toContain('<option value="Evergreen">Evergreen</option>');
    expect((await fetch(`http://127.0.0.1:${address.port}/elsewhere`)).status).toBe(404);
  });

  it('writes what it is given as text, never as markup', () => {
    const html = hostPage({ portalUrl: 'http://localhost:8080', association: { code: 'x"y', name: '<b>HOA</b>' }, themes: ['"a'] });
    expect(html).not.toContain('<b>HOA</b>');
    expect(html).not.toContain('data-association="x"y"');
  });
});
