/**
 * POST /account/wallet/deposit/list, /wallet/usdt/deposit/listen and /wallet/usdt/deposit/sync
 * (billing service envelope). Without a chain, listen and sync answer 503 with a message the
 * Deposit screen shows, never an address nothing would ever credit.
 */
import type { FastifyInstance } from 'fastify';
import type { PagedRequest } from '../../../../common/api/subscriptions';
import { SERVER } from '../../../../common/messages';
import { pagedRequestSchema } from '../../../../common/schemas/billing';
import type { DepositSettings } from '../../../config-chain';
import { DomainError } from '../../../modules/errors';
import { depositHistory } from '../../../modules/deposits/history';
import { openListenWindow, openWindowStart } from '../../../modules/deposits/listen';
import { creditedSince, requestDepositScan, waitForScan } from '../../../modules/deposits/sync';
import { billingEnvelope, bearer, pagedData } from '../../schemas';
import { memberOf } from '../../types';
import { fromYup } from '../../validation';
import { billingOk as ok, billingTags as tags } from './envelope';

const str = { type: 'string' } as const;
const depositRecordData = {
  type: 'object',
  properties: { id: str, token: str, amount: str, transactionHash: str, createdAt: str },
  required: ['id', 'token', 'amount', 'transactionHash', 'createdAt'],
} as const;

export interface DepositRouteOptions {
  /** How long sync waits for a scan (ms); tests shorten it. */
  syncWaitMs?: number;
}

export default async function depositRoutes(app: FastifyInstance, options: DepositRouteOptions) {
  const { db, config, clock } = app.deps;
  const chain = (): DepositSettings => {
    const { deposits } = config.chain;
    if (!deposits.enabled) throw new DomainError('billing.deposits_unavailable', SERVER.depositsUnavailable);
    return deposits.settings;
  };

  app.post<{ Body: PagedRequest }>('/wallet/deposit/list', {
    preHandler: app.authenticate,
    schema: { tags, security: bearer, body: fromYup(pagedRequestSchema), response: { 200: billingEnvelope(pagedData(depositRecordData)) } },
    handler: async (request) => ok(await depositHistory(db, memberOf(request).userId, { page: request.body.page!, limit: request.body.limit! })),
  });

  app.post('/wallet/usdt/deposit/listen', {
    preHandler: app.authenticate,
    schema: { tags, security: bearer, response: { 200: billingEnvelope({ type: 'object', properties: { usdtListenExpiredInSeconds: { type: 'number' } }, required: ['usdtListenExpiredInSeconds'] }) } },
    handler: async (request) => ok(await openListenWindow(db, chain().addresses, memberOf(request).userId, config.depositListenSeconds, clock)),
  });

  app.post('/wallet/usdt/deposit/sync', {
    preHandler: app.authenticate,
    schema: { tags, security: bearer, response: { 200: billingEnvelope({ type: 'object', properties: { credited: { type: 'number' } }, required: ['credited'] }) } },
    handler: async (request) => {
      const { confirmations } = chain();
      const { userId } = memberOf(request);
      const windowStart = await openWindowStart(db, userId, config.depositListenSeconds, clock);
      const asked = await requestDepositScan(db);
      await waitForScan(db, asked, options.syncWaitMs);
      // New = credited since 'make payment' opened the window, or since this request without one.
      const credited = await creditedSince(db, userId, windowStart ?? asked);
      return ok({ credited }, credited > 0 ? SERVER.depositsCredited(credited) : SERVER.depositsNoneYet(confirmations));
    },
  });
}
