// Security headers on every answer (helmet's): a strict Content-Security-Policy whose
// frame-ancestors decide who may embed the portal, and HSTS in production. helmet works out the
// header values once per set of options, here at boot; each request only copies them (the
// @fastify/helmet plugin built a new helmet middleware, CSP parsing included, on every request).
// A route may replace parts of the options with its own (`config.securityHeaders`, e.g. the
// sandbox provider's entry page); those are worked out once when the route is registered.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export type { HelmetOptions };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** helmet options that replace the app's own for this route (each top-level option as a whole). */
    securityHeaders?: HelmetOptions;
    /** The headers those options give, worked out when the route is registered. */
    securityHeaderValues?: Readonly<Record<string, string>>;
  }
}

/** The headers helmet sets for these options, as lower-case name → value. */
export function securityHeadersFor(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

/** Distinct frame-ancestors lists kept per policy; past it the cache starts again (origins come from settings, so few). */
const MAX_ANCESTOR_LISTS = 1000;

/**
 * The Content-Security-Policy of `options` with other frame-ancestors (a page an association's
 * website may frame): helmet works each distinct list out once, later requests only look it up.
 */
export function cspWithFrameAncestors(options: HelmetOptions): (frameAncestors: readonly string[]) => string {
  const kept = new Map<string, string>();
  const csp = options.contentSecurityPolicy;
  if (!csp || typeof csp !== 'object') throw new Error('cspWithFrameAncestors needs options with a contentSecurityPolicy');
  return (frameAncestors) => {
    const key = frameAncestors.join(' ');
    let header = kept.get(key);
    if (header === undefined) {
      const directives = { ...csp.directives, frameAncestors: [...frameAncestors] };
      header = securityHeadersFor({ ...options, contentSecurityPolicy: { ...csp, directives } })['content-security-policy'];
      if (kept.size >= MAX_ANCESTOR_LISTS) kept.clear();
      kept.set(key, header);
    }
    return header;
  };
}

/** 'self', the configured sources (FRAME_ANCESTORS) and more origins, each once ('none' would refuse them all). */
export function withAncestors(configured: readonly string[], origins: readonly string[]): string[] {
  return [...new Set(["'self'", ...configured.filter((s) => s !== "'none'"), ...origins])];
}

export interface AppSecurity {
  frameAncestors: string[];
  production: boolean;
  devSite?: boolean;
  /** Inline scripts the pages may run, by hash (`'sha256-…'`): a signed-in frame's early look (server/app.ts). */
  scriptHashes?: string[];
}

export function appSecurityOptions(options: AppSecurity): HelmetOptions {
  // Development mode only: the module server's page starts hot updates with an inline script and
  // receives them over a WebSocket to this same address.
  const dev = options.devSite === true && !options.production;
  return {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: dev ? ["'self'", "'unsafe-inline'"] : ["'self'", ...(options.scriptHashes ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: a document read with the caller's token and shown in the page (file-preview).
        imgSrc: ["'self'", 'data:', 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        connectSrc: dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: options.frameAncestors,
        upgradeInsecureRequests: null,
      },
    },
    // Embedding is governed by CSP frame-ancestors; X-Frame-Options would block allowed parents.
    frameguard: false,
    strictTransportSecurity: options.production,
  };
}

export function registerSecurityHeaders(app: FastifyInstance, options: AppSecurity): void {
  const appOptions = appSecurityOptions(options);
  const appHeaders = securityHeadersFor(appOptions);
  app.addHook('onRoute', (route) => {
    const own = route.config?.securityHeaders;
    if (own) route.config = { ...route.config, securityHeaderValues: securityHeadersFor({ ...appOptions, ...own } as HelmetOptions) };
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.routeOptions.config.securityHeaderValues ?? appHeaders);
    done();
  });
}
