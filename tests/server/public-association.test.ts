// The public page's association, found by its code without signing in: name, logo and banner, and
// whether MyCA answers its visitors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, call, clients, expectStatus, testApp, useTestDatabase } from './helpers.ts';

describe.each(BACKENDS)('public association on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp(database.current.db);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers the name, logo, banner and MyCA by code, to anyone, whatever the code’s case', async () => {
    const res = await clients(app).associations.getPublicAssociation({ code: 'MapleGrove' });
    expectStatus(res, 200);
    expect(res.data).toEqual({
      id: expect.any(Number), code: 'maplegrove', name: 'Maple Grove HOA',
      logoUrl: '/brand/maplegrove-logo.svg', bannerUrl: '/brand/maplegrove-banner.svg', designTemplate: 'Evergreen', faviconUrl: null, themeOverrides: {}, myCA: true,
    });
    const plain = await clients(app).associations.getPublicAssociation({ code: 'cedarpoint' });
    expectStatus(plain, 200);
    expect(plain.data).toMatchObject({ name: 'Cedar Point Condominiums', logoUrl: null, bannerUrl: null, myCA: false });
  });

  it('refuses an unknown code with 404 GP001 and a missing one with 400', async () => {
    const unknown = await call(app, 'GET', '/api/associations/associations?code=nowhere');
    expect(unknown.status).toBe(404);
    expect(unknown.json.errorCode).toBe('GP001');
    const missing = await call(app, 'GET', '/api/associations/associations');
    expect(missing.status).toBe(400);
  });
});
