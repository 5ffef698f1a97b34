/**
 * The OpenAPI document and its UI at /docs (@fastify/swagger, @fastify/swagger-ui), set up on
 * the first request to /docs instead of at every boot: the two plugins and what they load
 * (yaml, @fastify/static, glob, a JSON Schema resolver) are ~200 ms of CPU and several MB that
 * most starts never use (bench:startup). The app records each route as it is added, as
 * @fastify/swagger itself does (an onRoute hook); the first /docs request registers them all,
 * schema and config as they are, on a second Fastify instance with the two plugins, and every
 * /docs request is answered from it. Its answers keep their own headers (the UI's CSP) over the
 * app's security headers, as when the UI was registered on the app.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

const PREFIX = '/docs';

const SWAGGER_OPTIONS = {
  openapi: {
    info: { title: 'GridDesk platform API', version: '0.1.0' },
    components: { securitySchemes: { bearer: { type: 'http' as const, scheme: 'bearer', bearerFormat: 'JWT' } } },
  },
};

/** What the docs instance needs of a route: where it is and how it is described. */
type DocumentedRoute = Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>;

const isDocsRoute = (url: string) => url === PREFIX || url.startsWith(`${PREFIX}/`);

/** Answers hop-by-hop or framing headers the app's own reply sets anew. */
const NOT_COPIED = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

async function buildDocsApp(routes: readonly DocumentedRoute[]): Promise<FastifyInstance> {
  const [{ default: Fastify }, { default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('fastify'),
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  const docs = Fastify();
  // The schemas are only read here, never checked against a request or used to write an answer.
  docs.setValidatorCompiler(() => () => true);
  docs.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await docs.register(swagger, SWAGGER_OPTIONS);
  await docs.register(swaggerUi, { routePrefix: PREFIX, staticCSP: true });
  const describedOnly = () => undefined;
  // Each route as the app registered it, HEAD routes included (the app's own, and those it made
  // for its GET routes), so @fastify/swagger sees exactly the routes it saw on the app.
  for (const route of routes) docs.route({ ...route, exposeHeadRoute: false, handler: describedOnly });
  await docs.ready();
  return docs;
}

export default fp(
  async function docsPlugin(app: FastifyInstance) {
    const routes: DocumentedRoute[] = [];
    app.addHook('onRoute', (route) => {
      if (isDocsRoute(route.url)) return;
      routes.push({ method: route.method, url: route.url, schema: route.schema, config: route.config });
    });

    let docsApp: Promise<FastifyInstance> | null = null;
    const docsInstance = (): Promise<FastifyInstance> => {
      if (!docsApp) {
        const building = buildDocsApp(routes);
        docsApp = building;
        building.catch(() => (docsApp = null)); // a failed set-up is tried again on the next request
      }
      return docsApp;
    };
    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      const answer = await (
        await docsInstance()
      ).inject({
        method: request.method as HTTPMethods,
        url: request.url,
        headers: request.headers,
      });
      // A path the UI does not serve gets the app's own not-found answer, as before.
      if (answer.statusCode === 404) return reply.callNotFound();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && !NOT_COPIED.has(name)) reply.header(name, value);
      }
      // An empty answer (a redirect, a HEAD) stays without a body, and so without a content type.
      return reply.code(answer.statusCode).send(answer.rawPayload.length > 0 ? answer.rawPayload : undefined);
    };
    for (const url of [PREFIX, `${PREFIX}/*`]) {
      app.route({ method: ['GET', 'HEAD'], url, schema: { hide: true }, exposeHeadRoute: false, handler: forward });
    }
    app.addHook('onClose', async () => {
      const docs = await docsApp?.catch(() => null);
      await docs?.close();
    });
  },
  { name: 'docs' },
);
