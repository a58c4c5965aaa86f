// One log line per request, written when it is answered: the request (method, address, host, the
// client's address), the status and the time taken, with the request's id (reqId). Fastify's own
// request logging writes two lines per request (received, then completed); at the info level that
// production runs at, that was a tenth of a signed-in read's time (docs/bench.md, "Where the time
// goes"). A failed answer keeps its error in its line; Fastify's other lines are unchanged.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
