/** OpenAPI response schemas (hand-written; requests come from common/'s yup schemas). */
const str = { type: 'string' } as const;

export const billingEnvelope = (data: object) =>
  ({
    type: 'object',
    properties: { code: str, msg: str, data },
    required: ['code', 'msg'],
  }) as const;

export const bearer = [{ bearer: [] }];
