// Every error leaves in the portal's one shape (server/errors.ts): ApiErrors as thrown, Fastify's
// own client errors (bad JSON, too large, wrong media type) with a readable detail and code, and
// anything else as a 500 with a random errorId that is logged with the real error.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError, errorBody, newErrorId, SERVER_ERROR_DETAIL, titleFor } from './errors.ts';
import { BODY_LIMIT } from './app-options.ts';
import { NulParameterError } from './db/index.ts';
import { controlCharacterDetail } from './input-guard.ts';

export function sendError(reply: FastifyReply, status: number, body: object, headers: Record<string, string> = {}) {
  return reply.code(status).headers(headers).type('application/json; charset=utf-8').send(body);
}

function clientErrorDetail(error: { code?: string; message: string; statusCode?: number }): { detail: string; errorCode: string } {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { detail: 'The request body is not valid JSON.', errorCode: 'REQ001' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { detail: 'The request body is empty.', errorCode: 'REQ001' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { detail: `The request body is larger than ${BODY_LIMIT / 1024} KB.`, errorCode: 'REQ002' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { detail: 'Send the request body as application/json.', errorCode: 'REQ003' };
    default:
      if (error instanceof SyntaxError) return { detail: 'The request body is not valid JSON.', errorCode: 'REQ001' };
      return { detail: error.statusCode === 404 ? 'There is nothing at this address.' : 'The request could not be processed.', errorCode: 'REQ000' };
  }
}

export function registerErrorHandling(app: FastifyInstance): void {
  // Only JSON bodies: text/plain (a "simple" cross-site request) is refused with 415.
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof ApiError) return sendError(reply, error.status, error.toBody(), error.headers);
    // A NUL that got past the input guard in another encoding is still the client's bad input.
    if (error instanceof NulParameterError) return sendError(reply, 400, errorBody(400, controlCharacterDetail('A value sent'), 'VAL001'));
    const status = error.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const { detail, errorCode } = clientErrorDetail(error);
      return sendError(reply, status, errorBody(status, detail, errorCode));
    }
    const errorId = newErrorId();
    request.log.error({ err: error, errorId, url: request.url, method: request.method }, `unhandled error ${errorId}`);
    return sendError(reply, 500, { status: 500, title: titleFor(500), detail: SERVER_ERROR_DETAIL, errorId });
  });
}
