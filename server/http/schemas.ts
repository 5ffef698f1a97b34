/** OpenAPI response schemas (hand-written; requests come from common/'s yup schemas). */
const str = { type: 'string' } as const;

export const billingEnvelope = (data: object) =>
  ({
    type: 'object',
    properties: { code: str, msg: str, data },
    required: ['code', 'msg'],
  }) as const;

export const bearer = [{ bearer: [] }];

const num = { type: 'number' } as const;

/** SPEC section 3's paged list wrapper around `record`. */
export const pagedData = (record: object) =>
  ({
    type: 'object',
    properties: { records: { type: 'array', items: record }, current: num, pages: num, total: num },
    required: ['records', 'current', 'pages', 'total'],
  }) as const;

export const planData = {
  type: 'object',
  properties: { id: str, usdtToken: str, ifcNewToken: str, days: num },
  required: ['id', 'usdtToken', 'ifcNewToken', 'days'],
} as const;

export const subscriptionRecordData = {
  type: 'object',
  properties: { id: str, usdtToken: str, ifcNewToken: str, ifcToken: str, ifxToken: str, days: num, availableCredit: str, createdAt: str },
  required: ['id', 'usdtToken', 'ifcNewToken', 'ifcToken', 'ifxToken', 'days', 'availableCredit', 'createdAt'],
} as const;

export const levelRewardRecordData = {
  type: 'object',
  properties: { id: str, amount: str, percentage: str, fromUserName: str, createdAt: str },
  required: ['id', 'amount', 'percentage', 'fromUserName', 'createdAt'],
} as const;
