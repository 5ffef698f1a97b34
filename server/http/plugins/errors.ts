/**
 * One error shape for the whole API: main API `{message, reason}` (plus `success:false` where the
 * call has a success field), billing service `{code, msg, message, reason}`. `reason` is a token
 * of common/reasons.ts, so clients branch on it and never on the words. Bad input is a 400,
 * never a 500.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER } from '../../../common/messages';
import { reasonOfStatus, type Reason } from '../../../common/reasons';
import { loggableError } from '../../logging/errors';
import { DomainError } from '../../modules/errors';
import { reasonOfValidation } from '../validation';
import { RequestTimedOut } from './request-timeout';

export interface Refusal {
  status: number;
  message: string;
  reason: Reason;
}

export function refusalOf(error: FastifyError | DomainError | RequestTimedOut): Refusal {
  if (error instanceof DomainError) return { status: error.status, message: error.message, reason: error.reason };
  if (error instanceof RequestTimedOut) return { status: 503, message: SERVER.requestTimedOut, reason: 'server.timeout' };
  const status = error.statusCode ?? 500;
  if (error.code === 'FST_ERR_VALIDATION') return { status: 400, message: error.message, reason: reasonOfValidation(error) };
  if (status >= 400 && status < 500) return { status, message: error.message, reason: reasonOfStatus(status) };
  return { status: 500, message: SERVER.internalError, reason: 'server.internal' };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, { status, message, reason }: Refusal) {
  if (request.url.startsWith('/account/')) {
    return reply.code(status).send({ code: String(status), msg: message, message, reason });
  }
  // A refusal of the router itself (a bad URL, an overlong parameter) comes before any route.
  const success = request.routeOptions?.config?.successField ? { success: false } : {};
  return reply.code(status).send({ message, reason, ...success });
}

/**
 * The router's own refusals (an undecodable URL, a parameter over its length) reach no route
 * and no error handler; Fastify hands them here (its `frameworkErrors` option) so they carry a
 * reason like every other refusal.
 */
export function routerRefusal(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendError(request, reply, refusalOf(error));
}

/**
 * A request answered at its time limit (request-timeout.ts): logged with the route as
 * registered (`GET /api/botinfo/:id`, never the URL with its ids and query), how long it had run
 * and its limit. Its handler goes on; whatever it answers later Fastify drops with a warning.
 */
function logTimeout(request: FastifyRequest, reply: FastifyReply, error: RequestTimedOut) {
  const route = `${request.method} ${request.routeOptions.url ?? '(no route)'}`;
  request.log.error(
    { route, ranMs: Math.round(reply.elapsedTime), limitMs: error.limitMs },
    `request timed out: ${route} answered 503 server.timeout`,
  );
}

export default fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError | DomainError | RequestTimedOut, request, reply) => {
      const refusal = refusalOf(error);
      if (error instanceof RequestTimedOut) logTimeout(request, reply, error);
      // Without the failed statement's values, whatever serializers the logger was given.
      else if (refusal.status >= 500) request.log.error({ err: loggableError(error) }, 'request failed');
      return sendError(request, reply, refusal);
    });
    app.setNotFoundHandler((request, reply) =>
      sendError(request, reply, { status: 404, message: 'Not Found', reason: 'request.not_found' }),
    );
  },
  { name: 'errors' },
);
