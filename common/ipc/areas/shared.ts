/** Building blocks every IPC area file uses. */
import * as yup from 'yup';
import type { InputOf, OpTable, OutputOf } from '../../ops/define';
import { emptyPayload, payloadShapeOf } from './payload-shape';

export { emptyPayload, payloadShapeOf };

export type { Empty } from '../../ops/define';

/** IPC channels that are operations under their own names: what they take and answer, from the table. */
export type OpChannels<T> = { [K in keyof T]: { payload: InputOf<T[K]>; result: OutputOf<T[K]> } };

/** One payload schema per channel of an area (an interface of channel -> payload, result). */
export type PayloadSchemas<M> = { [C in keyof M]: yup.AnySchema };

export const boundedString = (max = 500) => yup.string().defined().max(max);

/** The operations of `ops` that are IPC channels under their own names: all but the hand-written ones. */
export function forwardedOps<T extends OpTable, X extends keyof T>(ops: T, handWritten: readonly X[]): Omit<T, X> {
  const forwarded: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(ops)) if (!handWritten.includes(name as X)) forwarded[name] = spec;
  return forwarded as Omit<T, X>;
}

/** Main checks a forwarded operation's payload for the shape its input schema names (payloadShapeOf). */
export function opPayloadSchemas<T extends OpTable>(ops: T): { [K in keyof T]: yup.AnySchema } {
  const schemas: Record<string, yup.AnySchema> = {};
  for (const [name, spec] of Object.entries(ops)) schemas[name] = payloadShapeOf(spec.input);
  return schemas as { [K in keyof T]: yup.AnySchema };
}
