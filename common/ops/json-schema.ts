/** Small builders for the JSON Schemas of the operations' answers (OpenAPI 3 / JSON Schema). */
export const str = { type: 'string' } as const;
export const strOrNull = { type: ['string', 'null'] } as const;
export const bool = { type: 'boolean' } as const;
export const int = { type: 'integer' } as const;
export const num = { type: 'number' } as const;

/** An object whose listed properties are all required unless named in `optional`. */
export function object(properties: Record<string, object>, optional: string[] = []) {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties).filter((name) => !optional.includes(name)),
  } as const;
}

export const arrayOf = (items: object) => ({ type: 'array', items }) as const;

/** `{message}`: what most commands answer. */
export const messageReply = object({ message: str });
