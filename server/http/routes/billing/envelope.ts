/**
 * The OpenAPI tag of the billing-service routes still written by hand (user-profile.ts); the
 * operations of common/ops/billing.ts carry the same tag in their table.
 */
export const billingTags = ['account service'];
