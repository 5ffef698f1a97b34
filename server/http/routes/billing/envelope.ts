/** The billing service's success envelope and OpenAPI tag, shared by its routes (served under /account). */
import type { BillingEnvelope } from '../../../../common/api/billing';
import { BILLING_SUCCESS_CODE } from '../../../../common/constants';
import { SERVER } from '../../../../common/messages';

// The tag /docs groups these routes under; kept as published.
export const billingTags = ['account service'];

export function billingOk<T>(data: T, msg: string = SERVER.accountOk): BillingEnvelope<T> {
  return { code: BILLING_SUCCESS_CODE, data, msg };
}
