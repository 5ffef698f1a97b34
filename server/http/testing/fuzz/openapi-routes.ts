/**
 * The routes the server publishes in its OpenAPI document (GET /docs/json), read into what the
 * fuzz suite needs: method, path with its parameters, query parameters and the body's schema.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
};

export interface FuzzRoute {
  method: string;
  /** OpenAPI path, e.g. /api/reset-password/{token}. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  body: JsonSchema | null;
}

interface OpenApiParameter {
  in: string;
  name: string;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function routesOf(document: OpenApiDocument): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHODS.has(method)) continue;
      const parameters = operation.parameters ?? [];
      routes.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return routes;
}
