// buildApp: the reference API server, put together from parts with one job each:
//   operation-routes.ts  the contract (openapi/*.yaml), validated and dispatched to its handlers
//   authz/               who may call each operation (x-policy), enforced before any handler
//   services.ts          database, clock, tokens, sessions, mail, jobs, payment provider
//   error-handler.ts     the one error shape
//   security-headers.ts  CSP and friends
//   request-log.ts       one log line per request
//   statements/          the download link of made statements (a plain route, in production too)
//   dev-routes.ts        sandbox provider pages, movable clock, express-pay links
//   web.ts               the static site, legacy redirects, the development mailbox
//   embed-script.ts      /embed.js, the tag that shows the portal on a company's own site
//   embedding/           the portal in a company's website: who may frame it, the renewal cookie's same-origin check
//   myca/                the assistant: FAQ and help indexed at start, stored documents' passages backfilled, old conversations deleted
import path from 'node:path';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { EARLY_LOOK_FILE } from '../engine/core/early-look.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import { repoRoot, BODY_LIMIT, type AppOptions } from './app-options.ts';
import { loadOperations, registerOperationRoutes } from './operation-routes.ts';
import { openServices, type Runtime } from './services.ts';
import { registerErrorHandling } from './error-handler.ts';
import { appSecurityOptions, registerSecurityHeaders, securityHeadersFor } from './security-headers.ts';
import { clientErrorHandler } from './client-errors.ts';
import { OneLinePerRequest } from './request-log.ts';
import { registerDevRoutes } from './dev-routes.ts';
import { registerStatementDownloads } from './statements/download-route.ts';
import { registerBrandImages } from './branding/images.ts';
import { registerEmbedScript } from './embed-script.ts';
import { registerWeb } from './web.ts';
import { defaultHandlers } from './handlers/index.ts';
import type { Services } from './handlers/types.ts';
import { newErrorId } from './errors.ts';
import { loadRedirects } from './redirects.ts';
import { startupSafety } from './production.ts';
import { refuseControlCharacters } from './input-guard.ts';
import { fastifyTrustProxy } from './trust-proxy.ts';
import { DEFAULT_MAX_UPLOAD_MB } from './uploads/multipart.ts';
import { DEFAULT_PUBLIC_URL } from './mail/index.ts';
import { createEmbedFraming } from './embedding/framing.ts';
import { enableEmbeddingExpiry } from './embedding/expiry.ts';
import { registerSameOriginCheck } from './embedding/same-origin.ts';
import { startMycaIndexing } from './myca/startup.ts';

export { repoRoot, BODY_LIMIT, type AppOptions } from './app-options.ts';
export { checkHandlers } from './operation-routes.ts';

/** The hashes of the inline scripts the built pages hold (a signed-in frame's early look), for the CSP. */
function inlineScriptHashes(staticDir: string | null | undefined): string[] {
  const file = staticDir ? path.join(staticDir, EARLY_LOOK_FILE) : null;
  if (!file || !existsSync(file)) return [];
  return [`'sha256-${createHash('sha256').update(readFileSync(file, 'utf8'), 'utf8').digest('base64')}'`];
}

export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const production = (options.nodeEnv ?? 'development') === 'production';
  const sandboxInUse = options.paymentProvider === undefined && options.sandboxProvider === true;
  if (production && options.devSite) throw new Error('Development mode (npm run dev) never runs in production: unset NODE_ENV=production or use npm start');
  if (production && options.embedRenewCookie === false) throw new Error('EMBED_RENEW_COOKIE=off is for testing only and is refused in production: unset it');
  const devSite = options.devSite !== undefined;
  const safety = startupSafety({ production, jwtSecret: options.jwtSecret, demoData: options.demoData, devRoutes: options.devRoutes, sandboxInUse });
  const schemasDir = options.schemasDir ?? path.join(repoRoot, 'schemas');
  // The contract first: a mismatch between openapi/ and the handlers fails before anything opens
  // (in production, a schema that does not compile too).
  const routes = await loadOperations(options.openapiDir ?? path.join(repoRoot, 'openapi'), options.handlers ?? defaultHandlers(), { compileNow: production });
  const redirects = await loadRedirects(schemasDir);
  const frameAncestors = (options.frameAncestors ?? "'self'").split(/[\s,]+/).filter(Boolean);
  const scriptHashes = inlineScriptHashes(options.staticDir);

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    trustProxy: fastifyTrustProxy(options.trustProxy),
    return503OnClosing: true,
    genReqId: () => newErrorId(),
    logController: new OneLinePerRequest(),
    clientErrorHandler: clientErrorHandler(securityHeadersFor(appSecurityOptions({ frameAncestors, production, devSite, scriptHashes }))),
  });
  for (const warning of safety.warnings) app.log.warn(warning);
  let runtime: Runtime | null = null;
  try {
    runtime = await openServices(options, { production, safety, sandboxInUse, log: app.log });
    app.addHook('onClose', runtime.close);
    runtime.services.embedding = { renewCookie: options.embedRenewCookie !== false };
    app.decorate('services', runtime.services);
    app.addHook('onClose', enableEmbeddingExpiry(runtime.services, runtime.services.realClock));
    // Another instance may have moved the app clock: every request starts from the moved time.
    const movable = runtime.adjustableClock;
    if (movable) app.addHook('onRequest', () => movable.refresh());

    registerErrorHandling(app);
    registerSecurityHeaders(app, { frameAncestors, production, devSite, scriptHashes });
    registerSameOriginCheck(app, { publicUrl: options.publicUrl ?? DEFAULT_PUBLIC_URL });
    app.addHook('preValidation', refuseControlCharacters);
    registerOperationRoutes(app, routes, {
      services: runtime.services,
      validateResponses: options.validateResponses ?? !production,
      maxUploadMb: options.maxUploadMb ?? DEFAULT_MAX_UPLOAD_MB,
    });
    registerStatementDownloads(app, runtime.services);
    registerBrandImages(app, runtime.services.db);
    registerEmbedScript(app);
    registerDevRoutes(app, runtime, { production, sandboxInUse, devRoutes: safety.devRoutes, frameAncestors });
    await registerWeb(app, {
      staticDir: options.staticDir === undefined ? path.join(repoRoot, 'dist') : options.staticDir,
      redirects,
      mailbox: safety.devRoutes,
      db: runtime.services.db,
      settings: runtime.services.settings,
      schemasDir,
      devSite: options.devSite,
      embedFraming: createEmbedFraming({
        db: runtime.services.db,
        settings: runtime.services.settings,
        realClock: runtime.services.realClock,
        security: { frameAncestors, production, devSite, scriptHashes },
      }),
    });
    // Last, once nothing else can fail to start; onClose hooks run last first, so the background
    // indexing stops before the database closes.
    app.addHook('onClose', await startMycaIndexing(runtime.services, schemasDir));
    await app.ready();
  } catch (error) {
    await runtime?.close();
    throw error;
  }
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
