/**
 * Every request answers in bounded time (issue 34): a request still unanswered REQUEST_TIMEOUT_MS
 * after it arrived is answered 503 `server.timeout` (errors.ts words and logs it, with the route
 * and how long it ran). A route may ask for less (`config.timeoutMs`: the health routes), never
 * more. The clock starts when the request is routed, so the sign-in check and the body count.
 *
 * Fastify 5.12's own `handlerTimeout` does the same, but it stops its timer on the request's
 * 'close' event, which Node emits as soon as a request body has been read: every POST would go
 * unguarded (fastify/fastify#6725). Fastify's `requestTimeout` only bounds receiving the request.
 *
 * What it does not do:
 * - stop the handler. The member gets an answer; the work goes on and may still complete (hence
 *   the message). Whatever the handler answers later, Fastify drops with a warning, never sends.
 * - fire while synchronous code holds the event loop: the timer runs on that same loop. That is
 *   why the loop's delay is exported (nodejs_eventloop_lag_p99_seconds) and alerted on.
 * - cut an event stream: once a stream takes its reply over (hijack) the reply counts as sent and
 *   the timer finds nothing to do. Before that (sign-in, the first read) the limit applies.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** The refusal errors.ts turns into 503 `server.timeout`. */
export class RequestTimedOut extends Error {
  override name = 'RequestTimedOut';
  readonly statusCode = 503;
  constructor(readonly limitMs: number) {
    super(`no answer within ${limitMs} ms`);
  }
}

export interface RequestTimeoutOptions {
  /** REQUEST_TIMEOUT_MS: the limit of every route, and the most a route's own may be. */
  limitMs: number;
}

function answerTimedOut(reply: FastifyReply, limitMs: number) {
  if (reply.sent) return; // answered, or taken over by an event stream
  // A head already written (a route streaming on its own) cannot turn into a 503: cut it short.
  if (reply.raw.headersSent) {
    reply.raw.destroy(new RequestTimedOut(limitMs));
    return;
  }
  reply.send(new RequestTimedOut(limitMs));
}

export default fp(
  async function requestTimeout(app: FastifyInstance, { limitMs }: RequestTimeoutOptions) {
    app.addHook('onRequest', (request, reply, done) => {
      const own = request.routeOptions.config.timeoutMs;
      const limit = own === undefined ? limitMs : Math.min(own, limitMs);
      const timer = setTimeout(() => answerTimedOut(reply, limit), limit);
      timer.unref(); // a listening server keeps the process up; a timer alone must not
      reply.raw.once('close', () => clearTimeout(timer));
      done();
    });
  },
  { name: 'request-timeout', dependencies: ['errors'] },
);
