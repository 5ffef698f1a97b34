/**
 * Path parameters of an operation (`/api/reset-password/:token`): fields of its input that
 * travel in the path. The server validates them as the route's params, the desktop's forwarder
 * writes them into the path and sends the other fields as the body or query string.
 */

/** The names of a path's parameters: `['token']` of `/api/reset-password/:token`. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
}

/** The path with the input's values written in (URL-encoded), and the fields left for the body or query. */
export function fillPath(path: string, input: object): { path: string; rest: Record<string, unknown> } {
  const rest: Record<string, unknown> = { ...input };
  const filled = path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value ?? ''));
  });
  return { path: filled, rest };
}
