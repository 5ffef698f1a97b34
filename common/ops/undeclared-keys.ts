/**
 * The keys of an answer its JSON schema does not declare. Fastify's serialiser drops them
 * silently, so a field a handler adds (a `warning` beside a start's answer) would vanish on its
 * way to the member with nothing saying so: the server checks each answer with this and, in
 * tests, refuses one that carries such a key (server/http/ops/register.ts).
 */

interface AnswerSchema {
  type?: string | readonly string[];
  properties?: Record<string, AnswerSchema>;
  /** A map's values (an object schema), or true for any key. */
  additionalProperties?: boolean | AnswerSchema;
  items?: AnswerSchema;
}

/** `$.data[0].warning` for each undeclared key, in the answer's order; [] when every key is declared. */
export function undeclaredKeys(schema: AnswerSchema, value: unknown, at = '$'): string[] {
  if (value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) {
    const items = schema.items;
    return items ? value.flatMap((item, i) => undeclaredKeys(items, item, `${at}[${i}]`)) : [];
  }
  const { properties, additionalProperties } = schema;
  // An object schema that names nothing is free-form: the serialiser writes it as it is.
  if (!properties && additionalProperties === undefined) return [];
  const found: string[] = [];
  for (const [key, inner] of Object.entries(value)) {
    const declared = properties && Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (declared) found.push(...undeclaredKeys(declared, inner, `${at}.${key}`));
    else if (typeof additionalProperties === 'object') found.push(...undeclaredKeys(additionalProperties, inner, `${at}.${key}`));
    else if (additionalProperties !== true) found.push(`${at}.${key}`);
  }
  return found;
}
