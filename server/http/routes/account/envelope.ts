/** The account service's success envelope and OpenAPI tag, shared by its routes. */
import type { AccountEnvelope } from '../../../../common/api/account';
import { ACCOUNT_SUCCESS_CODE } from '../../../../common/constants';
import { SERVER } from '../../../../common/messages';

export const accountTags = ['account service'];

export function accountOk<T>(data: T, msg: string = SERVER.accountOk): AccountEnvelope<T> {
  return { code: ACCOUNT_SUCCESS_CODE, data, msg };
}
