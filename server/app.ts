/**
 * Builds the Fastify app without listening, so tests can drive it with `inject`. start.ts
 * opens the database and mailer, builds this and listens.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import authPlugin from './http/plugins/auth';
import errorsPlugin, { routerRefusal } from './http/plugins/errors';
import { registerExternalPlugins } from './http/plugins/external';
import requestTimeout from './http/plugins/request-timeout';
import { QuietRequestLog, type RequestLogMode } from './http/plugins/request-log';
import marketApi from './http/routes/api/market/index';
import operations from './http/routes/operations';
import type { AnswerCheck } from './http/ops/register';
import eventsApi from './http/routes/api/events/index';
import healthRoute, { readinessRoute } from './http/routes/health';
import metricsRoute from './http/routes/metrics';
import type { AppDeps } from './http/types';
import { yupValidatorCompiler } from './http/validation';
import { loggerOptions, type LoggerChoice } from './logging/logger';

export type { AppDeps } from './http/types';

export interface BuildOptions {
  /**
   * false (tests), true (pino at LOG_LEVEL) or pino options; either way every line is redacted
   * (server/logging/logger.ts), a given `stream` included.
   */
  logger?: LoggerChoice;
  /** 'quiet' for a server that serves one desktop (http/plugins/request-log.ts); default 'info'. */
  requestLog?: RequestLogMode;
  /** An answer with keys its schema does not declare: 'log' (default) or 'strict' (tests: a 500), http/ops/register.ts. */
  answers?: AnswerCheck;
}

/** POSTs without a body (logout, user-profile) are fine even when a client sets the JSON type. */
function tolerateEmptyJson(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, {});
    return parseJson(request, body as string, done);
  });
}

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(deps.config, options.logger),
    frameworkErrors: routerRefusal,
    // Behind TRUST_PROXY's proxies request.ip is the client they forward for: every per-client
    // limit, the request log and /metrics' loopback rule read request.ip, never the socket.
    trustProxy: deps.config.trustProxy ?? false,
    // A desktop's own server logs requests at debug (http/plugins/request-log.ts).
    ...(options.requestLog === 'quiet' ? { logController: new QuietRequestLog() } : {}),
  });
  app.decorate('deps', deps);
  app.decorate('accountDeps', deps);
  app.setValidatorCompiler(yupValidatorCompiler);
  tolerateEmptyJson(app);

  await app.register(errorsPlugin);
  // Every request answers within REQUEST_TIMEOUT_MS (503 server.timeout), sign-in check included.
  await app.register(requestTimeout, { limitMs: deps.config.requestTimeoutMs });
  await registerExternalPlugins(app, deps.config);
  await app.register(authPlugin, deps);

  await app.register(healthRoute);
  await app.register(readinessRoute);
  await app.register(metricsRoute);
  await app.register(marketApi, { prefix: '/api' });
  await app.register(operations, { answers: options.answers ?? 'log' });
  await app.register(eventsApi, { prefix: '/api' });
  await app.ready();
  return app;
}
