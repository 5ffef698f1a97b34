/** Building blocks every IPC area file uses. */
import * as yup from 'yup';

export type Empty = Record<string, never>;

/** One payload schema per channel of an area (an interface of channel -> payload, result). */
export type PayloadSchemas<M> = { [C in keyof M]: yup.AnySchema };

export const emptyPayload = yup.object({}).noUnknown(true).strict(false);
export const boundedString = (max = 500) => yup.string().defined().max(max);
