// Development clock routes (never registered in production):
//   GET  /dev/clock          -> { now }
//   POST /dev/clock/advance  { days?, hours? } -> { now }: moves the app clock forward for every
//        instance, runs the due work (e.g. bank settlement) before answering, then asks the queue
//        for a tick so other instances follow.
import type { FastifyInstance } from 'fastify';
import type { AdjustableClock } from '../clock.ts';
import { ApiError } from '../errors.ts';
import type { Jobs } from './queue.ts';

const HOUR = 60 * 60 * 1000;
const LIMITS = { days: 3660, hours: 24 * 3660 } as const;

export function registerDevClockRoutes(app: FastifyInstance, deps: { clock: AdjustableClock; jobs: Jobs }): void {
  app.get('/dev/clock', async (_request, reply) => {
    await deps.clock.refresh();
    reply.header('cache-control', 'no-store');
    return { now: deps.clock().toISOString() };
  });

  app.post('/dev/clock/advance', async (request, reply) => {
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, 'The request body must be a JSON object like {"days": 5}.', { errorCode: 'VAL001' });
    let ms = 0;
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      if (key !== 'days' && key !== 'hours') throw new ApiError(400, `Unknown field '${key}': send days and/or hours.`, { errorCode: 'VAL001' });
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > LIMITS[key]) {
        throw new ApiError(400, `${key} must be a number from 0 to ${LIMITS[key]}.`, { errorCode: 'VAL001' });
      }
      ms += key === 'days' ? value * 24 * HOUR : value * HOUR;
    }
    await deps.clock.advance(ms);
    await deps.jobs.runDueWork();
    await deps.jobs.trigger().catch(() => undefined);
    reply.header('cache-control', 'no-store');
    return { now: deps.clock().toISOString() };
  });
}
