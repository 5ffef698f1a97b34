/**
 * The shape main checks a payload against before it forwards it, read off the operation's input
 * schema (common/schemas): main guards the boundary (kinds of values, sizes, keys no operation
 * takes) and spells no field of its own; the rules and their SPEC messages are the server's.
 */
import * as yup from 'yup';

/** What a channel without input takes: nothing (any key is dropped). */
export const emptyPayload = yup.object({}).noUnknown(true).strict(false);

/**
 * How much one value of a payload may hold. Generous: each field's own bound, with SPEC's message
 * for it, is the server's (common/schemas); main only keeps a renderer from sending it anything
 * unbounded or of a kind no form sends.
 */
export const PAYLOAD_BOUNDS = { text: 10_000, items: 1_000, keys: 100, depth: 4 } as const;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** A form's single value: text, a finite number, a boolean or null. */
function isBoundedScalar(value: unknown): boolean {
  if (value === null || value === undefined || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && value.length <= PAYLOAD_BOUNDS.text;
}

/** A record of single values (one row of a strategy's grids). */
function isFlatRecord(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  const entries = Object.entries(value);
  return entries.length <= PAYLOAD_BOUNDS.keys && entries.every(([, item]) => isBoundedScalar(item));
}

/** A list whose items' schema is only known once the input is read (a `when`): single values or rows. */
function isBoundedList(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  return (
    Array.isArray(value) &&
    value.length <= PAYLOAD_BOUNDS.items &&
    value.every((item) => isBoundedScalar(item) || isFlatRecord(item))
  );
}

interface SchemaLike {
  type?: unknown;
  fields?: Record<string, unknown>;
  innerType?: unknown;
}

/**
 * The shape of one field, read off its schema: a record names its own fields (and drops any
 * other), a list takes items of its item schema's shape, anything else is a single value.
 */
function shapeOfField(name: string, field: unknown, depth: number): yup.AnySchema {
  const schema = (field ?? {}) as SchemaLike;
  if (schema.type === 'object' && schema.fields && Object.keys(schema.fields).length > 0 && depth < PAYLOAD_BOUNDS.depth) {
    // No default: a record the payload leaves out stays out (yup would make it {}).
    return shapeOfRecord(schema.fields, depth + 1)
      .nullable()
      .optional()
      .default(undefined);
  }
  if (schema.type === 'array' && schema.innerType && depth < PAYLOAD_BOUNDS.depth) {
    return yup
      .array(shapeOfField(name, schema.innerType, depth + 1))
      .max(PAYLOAD_BOUNDS.items)
      .nullable()
      .optional();
  }
  const list = schema.type === 'array';
  return yup
    .mixed()
    .nullable()
    .optional()
    .test('bounded', `${name} must be ${list ? 'a bounded list' : 'text, a number, a boolean or null'}`, (value) =>
      list ? isBoundedList(value) : isBoundedScalar(value),
    );
}

// Not strict: a key the schema does not name is dropped, not forwarded (yup strips with noUnknown).
function shapeOfRecord(fields: Record<string, unknown>, depth: number) {
  const shape = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, shapeOfField(name, field, depth)]));
  return yup.object(shape).noUnknown(true);
}

/**
 * The shape main checks an operation's payload against, read off its input schema: the fields it
 * names and no other, each a bounded value of the kind the schema types it as. The rules and
 * their SPEC messages are the server's, answered with their reasons; main forwards the payload as
 * the form sent it, so a field is spelled once, in the operation's input schema.
 */
export function payloadShapeOf(input: yup.AnyObjectSchema | undefined): yup.AnySchema {
  return input ? shapeOfRecord(input.fields, 0) : emptyPayload;
}
