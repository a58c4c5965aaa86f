// Who may frame an embedded page (/embed, /embed/...): the portal itself, the configured sources
// (FRAME_ANCESTORS) and the origins the association lists in its `embeddingOrigins`. The
// association is the one the address names (?association=CODE, the frame's first load), else the
// one the renewal cookie was made for (a reload, which names none). Every other part of the policy
// is the app's own (server/security-headers.ts); helmet works each distinct list out once.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index.ts';
import type { Clock } from '../clock.ts';
import type { SettingsService } from '../settings/index.ts';
import { appSecurityOptions, cspWithFrameAncestors, withAncestors, type AppSecurity } from '../security-headers.ts';
import { renewalSecretOf } from './cookie.ts';
import { renewalAssociationId } from './renewals.ts';
import { associationByCode, associationById, embeddingOriginsOf, type EmbeddedAssociation } from './origins.ts';

/** The mirror of the portal's pages that companies put in frames (schemas/routes.yaml `mirror: /embed`). */
export function isEmbeddedPage(pathname: string): boolean {
  return /^\/embed(\/|$)/.test(pathname);
}

export interface EmbedFraming {
  /** Sets the policy of an embedded page's answer to this request. */
  apply(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

export function createEmbedFraming(options: { db: Queryable; settings: SettingsService; realClock: Clock; security: AppSecurity }): EmbedFraming {
  const { db, settings } = options;
  const policyWith = cspWithFrameAncestors(appSecurityOptions(options.security));

  async function associationOf(request: FastifyRequest): Promise<EmbeddedAssociation | null> {
    const query = request.url.includes('?') ? new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1)) : null;
    const named = query?.get('association');
    if (named) return associationByCode(db, named);
    const secret = renewalSecretOf(request.headers.cookie);
    const id = secret ? await renewalAssociationId(db, secret, options.realClock()) : null;
    return id === null ? null : associationById(db, id);
  }

  return {
    async apply(request, reply) {
      let origins: string[] = [];
      try {
        const association = await associationOf(request);
        if (association) origins = await embeddingOriginsOf(settings, association);
      } catch (error) {
        // The page still loads (framed by the portal and FRAME_ANCESTORS only) rather than failing.
        request.log.warn({ err: error }, 'embedded page: the association\'s embedding origins could not be read');
      }
      reply.header('content-security-policy', policyWith(withAncestors(options.security.frameAncestors, origins)));
    },
  };
}
