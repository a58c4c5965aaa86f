// The transport of the server tests: Fastify's inject, no socket.
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { ApiTransport } from './fetch.ts';

export function injectTransport(app: FastifyInstance): ApiTransport {
  return async ({ method, url, headers, body, ip }) => {
    const res = await app.inject({ method: method as InjectOptions['method'], url, headers, payload: body, remoteAddress: ip });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) answerHeaders.append(name, String(one));
    }
    return { status: res.statusCode, headers: answerHeaders, text: res.body };
  };
}
