// renewEmbeddedSession is public and its credential is a cookie the browser sends from any site
// (SameSite=None, so that a frame in a company's page has it): what stops another site's page from
// having the browser call it is the Origin header, which a page cannot forge. Only the portal's own
// pages may call it: the origin this request reached (scheme://host[:port] as Fastify reads it,
// the proxy's X-Forwarded-* only when TRUST_PROXY trusts it) or PUBLIC_URL's, for a portal behind a
// proxy that terminates TLS without TRUST_PROXY. Checked as the request arrives, before anything is
// read or counted.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { embeddingError } from './errors.ts';

export const SAME_ORIGIN_OPERATIONS: ReadonlySet<string> = new Set(['renewEmbeddedSession']);

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}

/** True when the request's Origin header is exactly one of the portal's own origins. */
export function fromOwnOrigin(request: FastifyRequest, publicOrigin: string | null): boolean {
  const sent = request.headers.origin;
  if (typeof sent !== 'string' || sent === '' || sent === 'null') return false;
  const own = originOf(`${request.protocol}://${request.host}`);
  return sent === own || (publicOrigin !== null && sent === publicOrigin);
}

export function registerSameOriginCheck(app: FastifyInstance, options: { publicUrl?: string }): void {
  const publicOrigin = options.publicUrl ? originOf(options.publicUrl) : null;
  app.addHook('onRequest', (request, _reply, done) => {
    const operationId = request.routeOptions.config.operation?.op.operationId;
    if (operationId === undefined || !SAME_ORIGIN_OPERATIONS.has(operationId) || fromOwnOrigin(request, publicOrigin)) done();
    else done(embeddingError('EMB002'));
  });
}
