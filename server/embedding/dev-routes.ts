// A development route (never registered in production) that turns the renewal cookie off and on
// while the server runs, so that a browser test can take the frame's sign-in through a window of
// its own against the same server the other tests use:
//   PUT /dev/embedding/renew-cookie { enabled: boolean } -> { enabled }
// EMBED_RENEW_COOKIE=off sets the same switch at start.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../handlers/types.ts';
import { ApiError } from '../errors.ts';
import { embeddingOptionsOf } from './options.ts';

export function registerEmbeddingDevRoutes(app: FastifyInstance, services: Services): void {
  app.put('/dev/embedding/renew-cookie', async (request, reply) => {
    const enabled = (request.body as { enabled?: unknown } | undefined)?.enabled;
    if (typeof enabled !== 'boolean') throw new ApiError(400, 'Give enabled: true or false.', { errorCode: 'VAL001' });
    services.embedding = { ...embeddingOptionsOf(services), renewCookie: enabled };
    reply.header('cache-control', 'no-store');
    return { enabled };
  });
}
