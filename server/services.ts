// Everything the handlers use (Services), opened in order: the database (migrated), the app
// clock, the signing secret, the demo data, rate-limit store, sign-in sessions, mail, jobs, the
// payment provider and its due work. close() undoes it in reverse; a failure halfway closes what
// was opened.
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppOptions } from './app-options.ts';
import type { Services } from './handlers/types.ts';
import type { StartupSafety } from './production.ts';
import { openDb } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { createAdjustableClock, systemClock, type AdjustableClock, type Clock } from './clock.ts';
import { createTokenService, defaultLifetimes } from './auth/tokens.ts';
import { createPasswordHasher } from './auth/passwords.ts';
import { createSessionRegistry } from './auth/sessions.ts';
import { createMailer } from './mail/index.ts';
import { createDbStore, createRateLimiter, createRedisStore, defaultRateRules, type RateRules } from './ratelimit.ts';
import { resolveJwtSecret, deriveKey } from './secrets.ts';
import { seedDemo, seedDemoProviderData } from './demo/seed.ts';
import { seedDemoHandover } from './demo/handover.ts';
import { seedDemoIdentitySettings } from './demo/identity-provider-settings.ts';
import { createGuestTokenService } from './payments/guest-token.ts';
import { createExpressTokenService } from './payments/express-token.ts';
import { paymentServiceFor } from './payments/index.ts';
import { enableFuturePayments } from './payments/future.ts';
import { enableRecurringPayments } from './payments/recurring-due-work.ts';
import { startJobs } from './jobs/index.ts';
import { enableMimicExpiry } from './mimic/expiry.ts';
import { enablePortalTokenExpiry } from './portal-token/uses.ts';
import { enableSsoExpiry } from './sso/expiry.ts';
import { enableAssessments } from './assessments/posting.ts';
import { createSandboxProvider, settleDue } from './sandbox-provider/index.ts';
import { createSettingsService } from './settings/index.ts';
import { createSsoService } from './sso/index.ts';
import { DEFAULT_PUBLIC_URL } from './mail/index.ts';
import { backfillDocumentPassages } from './myca/backfill.ts';
import { enableMycaExpiry } from './myca/expiry.ts';
import { readChunks } from './documents/store.ts';

export interface Runtime {
  services: Services;
  /** The movable app clock (with the /dev routes); null when the clock is fixed to real time. */
  adjustableClock: AdjustableClock | null;
  close(): Promise<void>;
}

export interface RuntimeContext {
  production: boolean;
  safety: StartupSafety;
  /** The built-in sandbox provider stands in for a real one. */
  sandboxInUse: boolean;
  log: FastifyBaseLogger;
}

export async function openServices(options: AppOptions, context: RuntimeContext): Promise<Runtime> {
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const closeOne of closers.reverse()) await closeOne().catch(() => undefined);
    closers.length = 0;
  };
  const ownDb = !options.db;
  const db = options.db ?? (await openDb({ databaseUrl: options.databaseUrl, dataDir: options.dataDir ?? path.resolve('data'), poolSize: options.databasePoolSize }));
  if (ownDb) closers.push(() => db.close());
  try {
    await migrate(db);
    let clock: Clock = options.clock ?? systemClock;
    // Sign-in tokens live on real time: moving the app clock (business dates) must not end sessions.
    const realClock = clock;
    // With the /dev routes the app clock is adjustable (offset in settings, shared by every instance).
    const adjustableClock = context.safety.devRoutes ? await createAdjustableClock(db, clock) : null;
    if (adjustableClock) clock = adjustableClock;
    const jwtSecret = await resolveJwtSecret(db, options.jwtSecret, context.production);
    const passwords = createPasswordHasher(options.passwordCost);
    const seeded = context.safety.seedDemo(db.kind) ? await seedDemo(db, passwords, clock()) : false;
    // The seed writes its documents straight into the tables: their passages are made here, before
    // the first request, so the demo's documents are citable as soon as it answers.
    if (seeded) await backfillDocumentPassages(db, (id) => readChunks(db, id));
    // The demo's handover key signs for Summit: never trusted in production, even with DEMO_DATA=1.
    if (seeded && !context.production) await seedDemoHandover(db);
    if (options.demoIdentityProvider && !context.production) await seedDemoIdentitySettings(db, options.demoIdentityProvider);

    const rateStore = options.redisUrl ? createRedisStore(options.redisUrl) : createDbStore(db, clock);
    closers.push(() => rateStore.close());
    const sessions = await createSessionRegistry({ db, clock: realClock, redisUrl: options.redisUrl });
    closers.push(() => sessions.close());
    const settings = await createSettingsService({ db, redisUrl: options.redisUrl, refreshMs: options.settingsRefreshMs });
    closers.push(() => settings.close());
    const mailer = createMailer({ db, clock, smtpUrl: options.smtpUrl, from: options.mailFrom, publicUrl: options.publicUrl });
    closers.push(() => mailer.close());
    const rules: RateRules = { ...defaultRateRules, ...(options.rateLimits ?? {}) };
    // The due-work runner (and, when enabled, pg-boss with its tick).
    const jobs = await startJobs({
      db,
      clock,
      log: context.log,
      handlers: { 'sandbox-provider.settlement': (now, jobContext) => settleDue(jobContext.db, now) },
      queue: options.jobs ? { databaseUrl: options.databaseUrl, ...(options.jobs === true ? {} : options.jobs) } : false,
    });
    closers.push(() => jobs.stop());
    // Assessment schedules post their charges on their dates, before any payment's due work runs.
    closers.push(enableAssessments({ jobs }));
    closers.push(enableMimicExpiry({ jobs }, realClock));
    closers.push(enablePortalTokenExpiry({ jobs }, realClock));
    closers.push(enableSsoExpiry({ jobs }, realClock));
    closers.push(enableMycaExpiry({ jobs }, realClock));

    const services: Services = {
      db,
      clock,
      realClock,
      tokens: createTokenService(jwtSecret, realClock, { ...defaultLifetimes, ...(options.tokenLifetimes ?? {}) }),
      sessions,
      passwords,
      mailer,
      rateLimiter: createRateLimiter(rateStore, clock, rules),
      log: context.log,
      codePepper: deriveKey(jwtSecret, 'one-time-codes'),
      paymentProvider: options.paymentProvider ?? null,
      settings,
      sso: createSsoService({ publicUrl: options.publicUrl ?? DEFAULT_PUBLIC_URL, fetch: options.ssoFetch, log: context.log }),
      guestTokens: createGuestTokenService(deriveKey(jwtSecret, 'guest-payments'), realClock),
      expressTokens: createExpressTokenService({ link: deriveKey(jwtSecret, 'express-pay'), session: deriveKey(jwtSecret, 'express-pay-session') }, clock),
      jobs,
    };
    if (context.sandboxInUse) services.paymentProvider = createSandboxProvider({ db, clock });
    // Demo data that goes through the provider (saved methods), once, after the seed.
    if (seeded) await seedDemoProviderData(db, services.paymentProvider, clock);
    if (services.paymentProvider) {
      // The provider's settlement events (charge.settled / charge.returned) on every tick.
      jobs.register('payments.provider-events', async () => (await paymentServiceFor(services).applyProviderEvents()).applied);
      // Future-dated payments are charged on their date (due work payments.future).
      closers.push(enableFuturePayments(services, { concurrency: options.dueWorkConcurrency }));
      // Recurring payments are charged on each of their dates (due work payments.recurring).
      closers.push(enableRecurringPayments(services, { concurrency: options.dueWorkConcurrency }));
    }
    return { services, adjustableClock, close };
  } catch (error) {
    await close();
    throw error;
  }
}
