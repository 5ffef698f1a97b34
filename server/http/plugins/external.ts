/**
 * Third-party plugins: security headers, CORS, OpenAPI docs at /docs (set up on their first
 * request, docs.ts). Rate limits are the database-backed counters of ../rate-limits.ts, shared
 * by every API process.
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config';
import docs from './docs';
import securityHeaders, { APP_HELMET_OPTIONS } from './security-headers';

export async function registerExternalPlugins(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(securityHeaders, APP_HELMET_OPTIONS);
  // Members reach the API through the desktop main process, not a browser; only the optional
  // web preview origin may call it cross-origin.
  await app.register(cors, { origin: config.appWebUrl ? [new URL(config.appWebUrl).origin] : false });
  await app.register(docs);
}
