// Security headers on every answer (helmet): a strict Content-Security-Policy whose
// frame-ancestors decide who may embed the portal, and HSTS in production.
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

export async function registerSecurityHeaders(app: FastifyInstance, options: { frameAncestors: string[]; production: boolean }): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: options.frameAncestors,
        upgradeInsecureRequests: null,
      },
    },
    // Embedding is governed by CSP frame-ancestors; X-Frame-Options would block allowed parents.
    frameguard: false,
    strictTransportSecurity: options.production,
  });
}
