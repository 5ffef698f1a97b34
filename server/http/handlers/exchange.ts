/**
 * The exchange operations (common/ops/exchange.ts): API keys, market data and the member's
 * exchange wallet. Each is one call into its module; an optional Idempotency-Key makes a retried
 * transfer or swap a no-op instead of a second one (a malformed key is a 400, never ignored).
 */
import type { exchangeOps } from '../../../common/ops/exchange';
import { KLINES_DEFAULT_LIMIT } from '../../../common/schemas/exchange';
import { checkConnection, disconnectKeys, fetchKeys, saveKeys } from '../../modules/keys/keys';
import { futuresLivePrice, klines, livePrice, symbolPairs, tickers } from '../../modules/market/market';
import { getSetting } from '../../modules/settings/settings';
import { assets, futuresBalance, spotBalance } from '../../modules/wallet/balances';
import { swapToUsdt, transfer } from '../../modules/wallet/operations';
import { idempotencyKeyOf } from '../idempotency-key';
import type { OpHandlers } from '../ops/register';

export const exchangeHandlers: OpHandlers<typeof exchangeOps> = {
  'keys:checkConnection': (_input, { deps, userId }) => checkConnection(deps, userId),
  'keys:serverIp': (_input, { deps }) => ({ ip: deps.config.serverPublicIp }),
  'keys:fetch': (_input, { deps, userId }) => fetchKeys(deps, userId),
  'keys:bind': ({ apiKey, secretKey }, { deps, userId }) =>
    apiKey === null || secretKey === null ? disconnectKeys(deps, userId) : saveKeys(deps, userId, { apiKey, secretKey }),

  'market:symbolPairs': (_input, { deps }) => symbolPairs(deps),
  'market:livePrice': ({ pair }, { deps }) => livePrice(deps, pair),
  'market:futureLivePrice': ({ pair }, { deps }) => futuresLivePrice(deps, pair),
  'market:minimumBotAmount': async (_input, { deps }) => ({ minimumBotAmount: await getSetting(deps.db, 'minimumBotAmount') }),
  'market:tickers': (_input, { deps }) => tickers(deps),
  'market:klines': ({ pair, interval, limit }, { deps }) => klines(deps, pair, interval, limit ?? KLINES_DEFAULT_LIMIT),

  'wallet:spotBalance': (_input, { deps, userId }) => spotBalance(deps, userId),
  'wallet:futuresBalance': (_input, { deps, userId }) => futuresBalance(deps, userId),
  'wallet:spotAssets': (_input, { deps, userId }) => assets(deps, userId, 'spot'),
  'wallet:futuresAssets': (_input, { deps, userId }) => assets(deps, userId, 'futures'),
  'wallet:transferSpotToFutures': (body, { deps, userId, request }) =>
    transfer(deps, userId, 'spot', 'futures', body, idempotencyKeyOf(request)),
  'wallet:transferFuturesToSpot': (body, { deps, userId, request }) =>
    transfer(deps, userId, 'futures', 'spot', body, idempotencyKeyOf(request)),
  'wallet:swap': (body, { deps, userId, request }) => swapToUsdt(deps, userId, body, idempotencyKeyOf(request)),
};
