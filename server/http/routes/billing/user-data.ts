/** POST /account/user-data: the member's user data (SPEC section 3) for the wallet screens. */
import type { FastifyInstance } from 'fastify';
import { walletUserData } from '../../../modules/profile/user-data';
import { billingEnvelope, bearer } from '../../schemas';
import { memberOf } from '../../types';
import { billingOk as ok, billingTags as tags } from './envelope';

const str = { type: 'string' } as const;
const bool = { type: 'boolean' } as const;

const walletUserDataSchema = {
  type: 'object',
  properties: {
    subscription: {
      type: 'object',
      properties: { expireDate: { type: ['string', 'null'] }, validityLabel: str, isExpire: bool, note: str },
      required: ['expireDate', 'validityLabel', 'isExpire', 'note'],
    },
    // Left out (not null) for a member who never subscribed: the screens read that as Pending.
    isActiveSubscription: bool,
    usdtToken: str,
    ifcNewToken: str,
    ifcNewTokenPrice: str,
    usdtRewardToken: str,
    iftToken: str,
    ifxToken: str,
    qrCode: { type: ['object', 'null'], properties: { value: str, base64: str }, required: ['value', 'base64'] },
    chainEnabled: bool,
    withdrawalsEnabled: bool,
  },
  required: ['subscription', 'usdtToken', 'ifcNewToken', 'ifcNewTokenPrice', 'usdtRewardToken', 'iftToken', 'ifxToken', 'qrCode', 'chainEnabled',
    'withdrawalsEnabled'],
} as const;

export default async function userDataRoute(app: FastifyInstance) {
  const { db, clock, config } = app.deps;

  app.post('/user-data', {
    preHandler: app.authenticate,
    schema: { tags, security: bearer, response: { 200: billingEnvelope(walletUserDataSchema) } },
    handler: async (request) => ok(await walletUserData(db, config, memberOf(request).userId, clock)),
  });
}
