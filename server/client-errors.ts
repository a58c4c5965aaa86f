// Requests Node's HTTP parser refuses before Fastify sees them (a URL or headers over 16 KB, a
// malformed request line, a timeout) are answered in the API's error shape with the security
// headers, and their connection is closed cleanly: the answer is sent, then the connection is
// half-closed while whatever the client already sent after it is read and dropped, so the client
// reads the answer and an orderly end instead of a reset.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

const DRAIN_MS = 5_000;

function answerOf(error: NodeJS.ErrnoException): { status: number; detail: string; errorCode: string } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, detail: 'The address or the headers of the request are larger than 16 KB.', errorCode: 'REQ004' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, detail: 'The request took too long to arrive.', errorCode: 'REQ000' };
    default:
      return { status: 400, detail: 'The request could not be processed.', errorCode: 'REQ000' };
  }
}

/** Fastify's clientErrorHandler (called with the Fastify instance as `this`). */
export function clientErrorHandler(securityHeaders: Readonly<Record<string, string>>) {
  const answered = new WeakSet<Duplex>();
  return function (this: FastifyInstance, error: NodeJS.ErrnoException, socket: Duplex): void {
    if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
    answered.add(socket);
    // The client closed the connection mid-request: no one is left to answer.
    if (error.code === 'HPE_INVALID_EOF_STATE') {
      socket.destroy();
      return;
    }
    const { status, detail, errorCode } = answerOf(error);
    // A bad request is the client's doing: worth a line, not an error.
    this.log.info({ code: error.code, status }, 'request refused by the HTTP parser');
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (!socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const body = JSON.stringify(errorBody(status, detail, errorCode));
    const head = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'cache-control: no-store',
      'connection: close',
      ...Object.entries(securityHeaders).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
    socket.on('data', () => undefined);
    socket.resume();
    setTimeout(() => socket.destroy(), DRAIN_MS).unref();
  };
}
