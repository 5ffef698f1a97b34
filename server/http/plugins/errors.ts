/**
 * One error shape for the whole API: main API `{message}` (plus `success:false` where the call
 * has a success field), billing service `{code, msg}`. Bad input is a 400, never a 500.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER } from '../../../common/messages';
import { loggableError } from '../../logging/errors';
import { DomainError, STATUS_OF_KIND } from '../../modules/errors';

function statusAndMessage(error: FastifyError | DomainError): { status: number; message: string } {
  if (error instanceof DomainError) return { status: STATUS_OF_KIND[error.kind], message: error.message };
  const status = error.statusCode ?? 500;
  if (error.code === 'FST_ERR_VALIDATION') return { status: 400, message: error.message };
  if (status >= 400 && status < 500) return { status, message: error.message };
  return { status: 500, message: SERVER.internalError };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, status: number, message: string) {
  if (request.url.startsWith('/account/')) {
    return reply.code(status).send({ code: String(status), msg: message, message });
  }
  const success = request.routeOptions.config?.successField ? { success: false } : {};
  return reply.code(status).send({ message, ...success });
}

export default fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
      const { status, message } = statusAndMessage(error);
      // Without the failed statement's values, whatever serializers the logger was given.
      if (status >= 500) request.log.error({ err: loggableError(error) }, 'request failed');
      return sendError(request, reply, status, message);
    });
    app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, 'Not Found'));
  },
  { name: 'errors' },
);
