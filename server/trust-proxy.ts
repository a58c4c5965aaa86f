// TRUST_PROXY: which hops in front of the server may say who the client is. The client address is
// the one the trusted proxies appended to X-Forwarded-For, never an entry the client wrote itself.
//   unset, 0, false  no proxy: the socket's address
//   a whole number   that many proxies in front (1: one load balancer): X-Forwarded-For's n-th entry from the right
//   addresses/CIDRs  comma separated (also loopback, linklocal, uniquelocal): proxies at those addresses are trusted
// Fastify's own number form trusts no hop at all, so a hop count is given to it as a function.
import type { FastifyServerOptions } from 'fastify';

export type TrustProxy = false | number | string;

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (['true', 'yes', 'on'].includes(text.toLowerCase())) {
    throw new Error(`TRUST_PROXY takes a number of proxies (e.g. 1) or their addresses, not '${value}': trusting every hop would let a client choose its own address`);
  }
  return text;
}

export function fastifyTrustProxy(trust: TrustProxy | undefined): FastifyServerOptions['trustProxy'] {
  if (trust === undefined || trust === false || trust === 0) return false;
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}
