/**
 * The request log of a server that serves one desktop (the embedded server of `npm start`, the
 * browser preview and the desktop app): Fastify's own two lines per request at info buried the
 * launch link and the notifications under ~1,400 lines in 27 minutes of use (issue 35). Here a
 * request is one line at debug (LOG_LEVEL=debug shows them), and at warn when it failed (5xx)
 * or was slow, the two a developer at the terminal must see. The deployed server keeps Fastify's
 * lines at info: an operator's log wants every request.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** 'info': Fastify's own request lines (the deployed server); 'quiet': QuietRequestLog's. */
export type RequestLogMode = 'info' | 'quiet';

/** A request slower than this is worth a warning on a developer's machine. */
export const SLOW_REQUEST_MS = 1_000;

/**
 * Whether a route took its reply over (reply.hijack(): the event streams). Fastify keeps that
 * under a private symbol only; a stream open for minutes is not a slow request.
 */
function wasHijacked(reply: FastifyReply): boolean {
  const symbol = Object.getOwnPropertySymbols(reply).find((s) => s.description === 'fastify.reply.hijacked');
  return symbol !== undefined && (reply as unknown as Record<symbol, unknown>)[symbol] === true;
}

/** Fastify's LogController with the per-request lines moved to debug, failed and slow ones to warn. */
export class QuietRequestLog extends LogController {
  constructor(private readonly slowMs = SLOW_REQUEST_MS) {
    super();
  }

  override incomingRequest(): void {
    // One line per request, written when it is answered.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const responseTime = Math.round(reply.elapsedTime);
    const res = { statusCode: reply.statusCode };
    if (error) return reply.log.error({ req: request, res, err: error, responseTime }, 'request errored');
    const failed = reply.statusCode >= 500;
    const slow = responseTime >= this.slowMs && !wasHijacked(reply);
    const level = failed || slow ? 'warn' : 'debug';
    const message = failed ? 'request failed' : slow ? 'slow request' : 'request completed';
    reply.log[level]({ req: request, res, responseTime }, message);
  }
}
