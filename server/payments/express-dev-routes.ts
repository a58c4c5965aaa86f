// Development routes for express pay (never registered in production):
//   GET /dev/express-pay-link?accountNumber=100234       -> 302 /epay/link/<fresh link token>
//   GET /dev/express-pay-link.json?accountNumber=100234  -> { url: '/epay/link/<token>' }
// Each call makes a new checkout link (30 days) for the account's first sub-ledger. Unknown
// accounts and accounts without an owner: 404 GP002.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import type { Clock } from '../clock.ts';
import { ApiError } from '../errors.ts';
import { paymentError } from './errors.ts';
import { createCheckoutLinkForAccount } from './express-links.ts';
import type { ExpressTokenService } from './express-token.ts';

export function registerExpressPayDevRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock; tokens: ExpressTokenService }): void {
  async function linkUrl(request: FastifyRequest): Promise<string> {
    const accountNumber = (request.query as Record<string, unknown>).accountNumber;
    if (typeof accountNumber !== 'string' || !/^[0-9]{1,20}$/.test(accountNumber)) {
      throw new ApiError(400, 'Give accountNumber, e.g. ?accountNumber=100234.', { errorCode: 'VAL001' });
    }
    const link = await createCheckoutLinkForAccount(deps, accountNumber);
    if (!link) throw paymentError('GP002', 'Account not found (or it has no owner to make a payment link for)');
    return `/epay/link/${link.token}`;
  }

  app.get('/dev/express-pay-link', async (request, reply) => {
    const url = await linkUrl(request);
    return reply.code(302).header('location', url).header('cache-control', 'no-store').send();
  });

  app.get('/dev/express-pay-link.json', async (request, reply) => {
    const url = await linkUrl(request);
    reply.header('cache-control', 'no-store');
    return { url };
  });
}
