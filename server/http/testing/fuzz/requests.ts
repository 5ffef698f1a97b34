/**
 * Random requests for one published route: the body's known fields each get a plausible value,
 * a hostile one or none, plus stray and prototype keys; sometimes the whole body is hostile or
 * not JSON. Path and query parameters get hostile text. Plausible values let a request reach
 * the handler past the fields it does not attack.
 */
import fc from 'fast-check';
import { HOSTILE_DECIMALS, HOSTILE_STRINGS, hostileValue, pathSegment, PROTOTYPE_KEYS, RAW_BODIES } from './hostile-input';
import type { FuzzRoute, JsonSchema } from './openapi-routes';
import { plausibleValues, type PlausibleValues } from './plausible';

export interface FuzzRequest {
  method: string;
  url: string;
  contentType: string;
  /** The raw payload; undefined sends none. */
  payload: string | undefined;
}

export type Payload = { contentType: string; payload: string | undefined };
export const json = (value: unknown): Payload => ({ contentType: 'application/json', payload: JSON.stringify(value) ?? 'null' });

/** The arbitraries, with the route's and the member's own values (`own`) among the plausible ones. */
function arbitraries(values: PlausibleValues) {
  function plausibleOf(name: string, schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
    // Object.hasOwn: names like 'constructor' must not find Object.prototype's members.
    const known = Object.hasOwn(values, name) ? values[name] : undefined;
    if (known?.length) return fc.constantFrom(...known);
    if (schema?.enum?.length) return fc.constantFrom(...schema.enum);
    if (schema?.properties) return allPlausible(schema);
    if (schema?.type === 'array') return fc.array(plausibleOf('item', schema.items), { maxLength: 3 });
    if (schema?.type === 'boolean') return fc.boolean();
    if (schema?.type === 'integer' || schema?.type === 'number') return fc.constantFrom(1, 2, 10);
    return fc.constantFrom<unknown>('1', 'x', 1, null);
  }

  function allPlausible(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
    return fc.record(Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, plausibleOf(k, s)])));
  }

  /** One field: mostly plausible, often hostile, sometimes absent. */
  function fieldOf(name: string, schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
    return fc.oneof(
      { weight: 3, arbitrary: plausibleOf(name, schema) },
      { weight: 2, arbitrary: hostileValue },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
  }

  /** Every field plausible but one (at any depth), which is hostile or missing: reaches the handler most often. */
  function oneBadField(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
    const properties = Object.entries(schema.properties ?? {});
    if (properties.length === 0) return fc.constant({});
    const bad = (field: JsonSchema): fc.Arbitrary<unknown> =>
      field.properties
        ? oneBadField(field)
        : fc.oneof(
            fc.option(hostileValue, { nil: undefined }),
            fc.constantFrom(...HOSTILE_DECIMALS),
            fc.constantFrom(...HOSTILE_STRINGS),
          );
    return fc
      .constantFrom(...properties)
      .chain(([key, field]) => fc.tuple(allPlausible(schema), bad(field)).map(([body, value]) => ({ ...body, [key]: value })));
  }

  /** Each field plausible, hostile or absent, with stray keys. */
  function mixedFields(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
    const fields = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, fieldOf(k, s)]));
    const stray = fc.dictionary(fc.constantFrom('extra', 'id', 'userId', 'isAdmin', 'role'), hostileValue, { maxKeys: 2 });
    return fc.tuple(fc.record(fields), stray).map(([known, extra]) => ({ ...extra, ...known }));
  }

  /** Plausible fields plus `__proto__` / `constructor.prototype` as own keys (as JSON.parse makes them). */
  function withPrototypeKeys(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
    return fc.tuple(oneBadField(schema), fc.constantFrom(...PROTOTYPE_KEYS)).map(([body, proto]) => {
      const merged = { ...body };
      for (const [key, value] of Object.entries(proto as object)) {
        Object.defineProperty(merged, key, { value, enumerable: true, configurable: true, writable: true });
      }
      return merged;
    });
  }

  function objectOf(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
    return fc.oneof(
      { weight: 6, arbitrary: oneBadField(schema) },
      { weight: 2, arbitrary: mixedFields(schema) },
      { weight: 1, arbitrary: allPlausible(schema) },
      { weight: 1, arbitrary: withPrototypeKeys(schema) },
    );
  }

  const hostileText: fc.Arbitrary<unknown> = fc.oneof(fc.constantFrom<unknown>(...HOSTILE_STRINGS), hostileValue);
  const text = (name: string) => fc.oneof(plausibleOf(name, undefined), hostileText);

  return { objectOf, text };
}

function bodyOf(
  route: FuzzRoute,
  objectOf: (schema: JsonSchema) => fc.Arbitrary<Record<string, unknown>>,
): fc.Arbitrary<Payload> {
  const options: { weight: number; arbitrary: fc.Arbitrary<Payload> }[] = [
    { weight: 1, arbitrary: hostileValue.map(json) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map((payload) => ({ contentType: 'application/json', payload })) },
    { weight: 1, arbitrary: fc.constant({ contentType: 'application/json', payload: undefined }) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('text/plain', 'application/x-www-form-urlencoded')
        .map((contentType) => ({ contentType, payload: 'a=1&b=2' })),
    },
  ];
  if (route.body) options.push({ weight: 8, arbitrary: objectOf(route.body).map(json) });
  return fc.oneof(...options);
}

export function requestsFor(route: FuzzRoute, own: PlausibleValues = {}): fc.Arbitrary<FuzzRequest> {
  const { objectOf, text } = arbitraries(plausibleValues(route, own));
  const names = [...route.queryParams, 'extra', '__proto__', 'constructor[prototype][polluted]', 'constructor'];
  const query = fc
    .array(
      fc.constantFrom(...names).chain((name) => fc.tuple(fc.constant(name), text(name))),
      { maxLength: 4 },
    )
    .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${pathSegment(k)}=${pathSegment(v)}`).join('&')}`));
  const path = fc
    .tuple(...route.pathParams.map((name) => text(name)))
    .map((list) => route.pathParams.reduce((url, name, i) => url.replace(`{${name}}`, pathSegment(list[i])), route.path));
  return fc.record({ path, query, body: bodyOf(route, objectOf) }).map((parts) => ({
    method: route.method,
    url: `${parts.path}${parts.query}`,
    contentType: parts.body.contentType,
    // GET carries no body: light-my-request would refuse one.
    payload: route.method === 'GET' ? undefined : parts.body.payload,
  }));
}
