/** OpenAPI response schemas (hand-written; requests come from common/'s yup schemas). */
const str = { type: 'string' } as const;
const bool = { type: 'boolean' } as const;

export const messageResponse = {
  type: 'object',
  properties: { message: str },
  required: ['message'],
} as const;

export const successResponse = {
  type: 'object',
  properties: { success: bool, message: str },
  required: ['success'],
} as const;

const userDataProperties = {
  id: str,
  username: str,
  email: str,
  contactNo: str,
  userCode: str,
  isActiveSubscription: bool,
  subscription: {
    type: 'object',
    properties: { expireDate: { type: ['string', 'null'] }, isExpire: bool, validityLabel: str, note: str },
    required: ['expireDate', 'isExpire'],
  },
  usdtToken: str,
  ifcNewToken: str,
  ifcNewTokenPrice: str,
  usdtRewardToken: str,
} as const;

export const loginResponse = {
  type: 'object',
  properties: { token: str, accessToken: str, ...userDataProperties },
  required: ['token', 'accessToken', 'id', 'email'],
} as const;

export const verifyOtpResponse = {
  type: 'object',
  properties: { success: bool, ...loginResponse.properties },
  required: ['success', 'token', 'accessToken'],
} as const;

export const referralCheckResponse = {
  type: 'object',
  properties: { exists: bool, username: { type: ['string', 'null'] }, message: str, reason: str },
  required: ['exists', 'username', 'message'],
} as const;

export const billingEnvelope = (data: object) =>
  ({
    type: 'object',
    properties: { code: str, msg: str, data },
    required: ['code', 'msg'],
  }) as const;

export const userProfileData = {
  type: 'object',
  properties: { usdtRewardToken: str, userCode: str, isShowUserCode: bool, userCodeMsg: str },
  required: ['usdtRewardToken', 'userCode', 'isShowUserCode', 'userCodeMsg'],
} as const;

export const bearer = [{ bearer: [] }];
