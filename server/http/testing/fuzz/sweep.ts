/**
 * The deterministic sweep of a route: one representative of each hostile kind in every body
 * field (the others plausible), every path and query parameter, and each hostile whole body.
 */
import { pathSegment, PROTOTYPE_KEYS, RAW_BODIES } from './hostile-input';
import type { FuzzRoute, JsonSchema } from './openapi-routes';
import { plausibleValues, type PlausibleValues } from './plausible';
import { json, type FuzzRequest, type Payload } from './requests';

/** One representative of each hostile kind, tried in every field, parameter and body of a route. */
export const SWEEP_VALUES: readonly unknown[] = [
  `1${'0'.repeat(40)}`,
  `1${'0'.repeat(20)}`,
  `0.${'1'.repeat(30)}`,
  `0.${'0'.repeat(18)}1`,
  '-1',
  '-0.5',
  '1e5',
  '1E-7',
  'Infinity',
  '9'.repeat(5_000),
  'a'.repeat(100_000),
  '😀'.repeat(2_000),
  '\u202Eevil\u202C',
  'a\u0000b',
  '\uD800',
  '',
  null,
  true,
  1e308,
  -0.0000001,
  [],
  {},
  [{}],
  ...PROTOTYPE_KEYS,
];

/** Query keys a naive parser would turn into a prototype write. */
const PROTOTYPE_QUERY_KEYS = ['__proto__[polluted]', 'constructor[prototype][polluted]', '__proto__'];

const BODY_SWEEP: readonly Payload[] = [
  ...[null, [], [{}], 'x', 0, true, ...PROTOTYPE_KEYS].map(json),
  ...RAW_BODIES.map((payload) => ({ contentType: 'application/json', payload })),
  { contentType: 'text/plain', payload: 'a=1' },
];

/** The first plausible value of every field, nested objects included. */
function plausibleBody(schema: JsonSchema, values: PlausibleValues): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, field]) => {
      const known = Object.hasOwn(values, key) ? values[key] : undefined;
      if (known?.length) return [key, known[0]];
      if (field.properties) return [key, plausibleBody(field, values)];
      if (field.enum?.length) return [key, field.enum[0]];
      return [key, field.type === 'array' ? [] : field.type === 'boolean' ? true : '1'];
    }),
  );
}

/** Every field path of a body: top-level keys and the keys of nested objects. */
function fieldPaths(schema: JsonSchema, prefix: string[] = []): string[][] {
  return Object.entries(schema.properties ?? {}).flatMap(([key, field]) => [
    [...prefix, key],
    ...(field.properties ? fieldPaths(field, [...prefix, key]) : []),
  ]);
}

function withValue(body: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path as [string, ...string[]];
  const copy = { ...body };
  Object.defineProperty(copy, head, {
    value: rest.length === 0 ? value : withValue((body[head] ?? {}) as Record<string, unknown>, rest, value),
    enumerable: true,
    configurable: true,
    writable: true,
  });
  return copy;
}

/**
 * The sweep values for one field, plus its plausible value with a control character in it: a
 * NUL inside an otherwise valid email, referral ID or name passes a length or pattern rule and
 * reaches the database, which refuses NUL in text.
 */
function hostileFor(plausible: unknown): unknown[] {
  if (typeof plausible !== 'string' || plausible === '') return [...SWEEP_VALUES];
  return [
    ...SWEEP_VALUES,
    `${plausible.slice(0, -1)}\u0000`,
    `${plausible}\u0000`,
    `\u0000${plausible.slice(1)}`,
    `${plausible.slice(0, -1)}\n`,
  ];
}

function valueAt(body: Record<string, unknown>, path: string[]): unknown {
  return path.reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    body,
  );
}

/** The sweep's requests for `route`; `own` adds the member's own record names. */
export function sweepFor(route: FuzzRoute, own: PlausibleValues = {}): FuzzRequest[] {
  const values = plausibleValues(route, own);
  const first = (name: string) => (Object.hasOwn(values, name) ? values[name]![0] : '1');
  const pathWith = (target: string | null, value: unknown) =>
    route.pathParams.reduce(
      (url, name) => url.replace(`{${name}}`, pathSegment(name === target ? value : first(name))),
      route.path,
    );
  const basePath = pathWith(null, null);
  const query = (target: string | null, value: unknown) =>
    route.queryParams.length === 0 && target === null
      ? ''
      : `?${[
          ...route.queryParams.filter((n) => n !== target).map((n) => `${n}=${pathSegment(first(n))}`),
          ...(target === null ? [] : [`${pathSegment(target)}=${pathSegment(value)}`]),
        ].join('&')}`;
  const body = route.body ? plausibleBody(route.body, values) : null;
  const request = (url: string, payload: Payload | null): FuzzRequest => ({
    method: route.method,
    url,
    contentType: payload?.contentType ?? 'application/json',
    payload: route.method === 'GET' || !payload ? undefined : payload.payload,
  });
  const plain = body ? json(body) : null;
  const requests: FuzzRequest[] = [];
  for (const name of route.pathParams) {
    for (const value of hostileFor(first(name))) requests.push(request(`${pathWith(name, value)}${query(null, null)}`, plain));
  }
  for (const name of route.queryParams) {
    for (const value of hostileFor(first(name))) requests.push(request(`${basePath}${query(name, value)}`, plain));
  }
  if (body && route.body) {
    for (const path of fieldPaths(route.body)) {
      for (const value of hostileFor(valueAt(body, path))) {
        requests.push(request(`${basePath}${query(null, null)}`, json(withValue(body, path, value))));
      }
    }
  }
  for (const key of PROTOTYPE_QUERY_KEYS) requests.push(request(`${basePath}${query(key, 'yes')}`, plain));
  if (route.method !== 'GET')
    for (const payload of BODY_SWEEP) requests.push(request(`${basePath}${query(null, null)}`, payload));
  return requests;
}
