// Production is safe by default: it needs its own signing secret (none kept in the database), and
// demo data, the sandbox provider and the /dev routes are off unless switched on, with a warning.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';
import { BACKENDS, DEMO, TEST_JWT_SECRET, TEST_PASSWORD_COST, call, count, createTestDatabase, expectErrorShape } from './helpers.ts';
import { signDemoHandoverToken } from '../../server/demo/handover.ts';

/** App options as main.ts builds them from the environment, on a test database, with a captured log. */
function fromEnv(env: NodeJS.ProcessEnv, db: AppOptions['db'], log: string[]): AppOptions {
  const config = configFromEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example.org', ...env });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      log.push(String(chunk));
      done();
    },
  });
  return {
    ...config.app,
    sandboxProvider: config.app.sandboxProvider ?? config.app.nodeEnv !== 'production',
    db,
    staticDir: null,
    passwordCost: TEST_PASSWORD_COST,
    logger: { level: 'warn', stream },
  };
}

describe.each(BACKENDS)('production on %s', (kind) => {
  it('production refuses to start without JWT_SECRET', async () => {
    const database = await createTestDatabase(kind);
    try {
      await expect(buildApp(fromEnv({}, database.db, []))).rejects.toThrow(/JWT_SECRET/);
      await expect(buildApp(fromEnv({ JWT_SECRET: 'too-short' }, database.db, []))).rejects.toThrow(/at least 32 characters/);
      // Nothing was written, and no signing secret is kept in the database.
      expect(await count(database.db, 'users')).toBe(0);
      const { rows } = await database.db.query(`SELECT 1 FROM settings WHERE key = 'jwt_secret'`);
      expect(rows).toHaveLength(0);
    } finally {
      await database.dispose();
    }
  });

  it('production loads no demo data', async () => {
    const database = await createTestDatabase(kind);
    const log: string[] = [];
    try {
      // A secret left by an earlier start outside production is removed.
      await database.db.query(`INSERT INTO settings (key, value) VALUES ('jwt_secret', 'left-over-secret-from-a-development-start')`);
      const app = await buildApp(fromEnv({ JWT_SECRET: TEST_JWT_SECRET }, database.db, log));
      try {
        expect(await count(database.db, 'management_companies')).toBe(0);
        expect(await count(database.db, 'users')).toBe(0);
        expectErrorShape(await call(app, 'POST', '/api/users/Users/Authenticate', { body: DEMO.homeowner }), 401, 'AUTH001');
        const { rows } = await database.db.query(`SELECT 1 FROM settings WHERE key = 'jwt_secret'`);
        expect(rows).toHaveLength(0);
        // Neither the sandbox provider nor the /dev routes.
        expect(app.services.paymentProvider).toBeNull();
        expect((await call(app, 'GET', '/sandbox-provider/entry.js')).status).toBe(404);
        for (const url of ['/dev/mailbox.json', '/dev/clock', '/dev/express-pay-link.json?accountNumber=100234']) {
          expectErrorShape(await call(app, 'GET', url), 404);
        }
        expectErrorShape(await call(app, 'POST', '/dev/clock/advance', { body: { days: 1 } }), 404);
        expect(log.join('')).not.toContain('PRODUCTION WARNING');
      } finally {
        await app.close();
      }
    } finally {
      await database.dispose();
    }
  });

  it('loads demo data, the sandbox provider and the /dev routes only when switched on, and says so loudly', async () => {
    const database = await createTestDatabase(kind);
    const log: string[] = [];
    try {
      const app = await buildApp(fromEnv({ JWT_SECRET: TEST_JWT_SECRET, DEMO_DATA: '1', SANDBOX_PROVIDER: '1', DEV_ROUTES: '1' }, database.db, log));
      try {
        expect((await call(app, 'POST', '/api/users/Users/Authenticate', { body: DEMO.homeowner })).status).toBe(200);
        // The demo's handover key (its private half is in the repository) is never trusted in production.
        const handover = await call(app, 'POST', '/api/users/Users/AuthenticateJWT', { body: { company: 'summit', token: await signDemoHandoverToken(DEMO.homeowner.email) } });
        expectErrorShape(handover, 403, 'JWT001');
        expect(app.services.paymentProvider?.name).toBe('sandbox');
        expect((await call(app, 'GET', '/sandbox-provider/entry.js')).status).toBe(200);
        expect((await call(app, 'GET', '/dev/mailbox.json')).status).toBe(200);
        expect((await call(app, 'POST', '/dev/clock/advance', { body: { hours: 1 } })).status).toBe(200);
        const warnings = log.filter((line) => line.includes('PRODUCTION WARNING')).join('\n');
        for (const variable of ['DEMO_DATA=1', 'SANDBOX_PROVIDER=1', 'DEV_ROUTES=1']) expect(warnings).toContain(variable);
        expect(warnings).toContain('"level":40');
      } finally {
        await app.close();
      }
    } finally {
      await database.dispose();
    }
  });
});
