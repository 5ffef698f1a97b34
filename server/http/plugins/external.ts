/** Third-party plugins: security headers, CORS, rate limiting, OpenAPI docs at /docs. */
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { SERVER } from '../../../common/messages';
import type { Config } from '../../config';

export async function registerExternalPlugins(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, { global: true });
  // Members reach the API through the desktop main process, not a browser; only the optional
  // web preview origin may call it cross-origin.
  await app.register(cors, { origin: config.appWebUrl ? [new URL(config.appWebUrl).origin] : false });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(SERVER.tooManyRequests), { statusCode: context.statusCode }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'GridDesk platform API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
}
