/**
 * Exchange operations (SPEC section 7: API keys, Wallet; market data): keys, market and the
 * member's exchange wallet. The exchange secret goes in with `keys:bind` and never comes back.
 */
import * as answers from '../api/exchange';
import type { KlinesQuery } from '../api/exchange';
import {
  apiKeysRequestSchema,
  klinesQuerySchema,
  pairSchema,
  swapRequestSchema,
  transferRequestSchema,
} from '../schemas/exchange';
import { op } from './define';
import { ACCOUNT_EXCHANGE_REFUSES, IDEMPOTENT_REFUSES, MARKET_REFUSES } from './refusals';
import { messageReply } from '../api/json-schema';

const member = { auth: 'member', envelope: 'api' } as const;
/**
 * A change to the member's exchange wallet (server/modules/wallet/operations.ts): the exchange's
 * refusals, and a repeat of an earlier request answered from its record (done, failed, unknown, or
 * still being done).
 */
const WALLET_CHANGE_REFUSES = [
  'wallet.insufficient_funds',
  'wallet.busy',
  'wallet.repeated',
  'wallet.unknown_outcome',
  'wallet.previous_failed',
  ...IDEMPOTENT_REFUSES,
  ...ACCOUNT_EXCHANGE_REFUSES,
] as const;
const keys = { ...member, tag: 'api keys' } as const;
const market = { ...member, tag: 'market' } as const;
const wallet = { ...member, tag: 'wallet' } as const;

export const exchangeOps = {
  'keys:checkConnection': op()({
    refuses: ACCOUNT_EXCHANGE_REFUSES,
    ...keys,
    method: 'GET',
    path: '/api/checkConnection',
    summary: 'Whether the bound key reaches the exchange',
    response: answers.checkConnectionResponse,
  }),
  'keys:serverIp': op()({
    ...keys,
    method: 'GET',
    path: '/api/serverip',
    summary: 'The IP address members whitelist on their key',
    response: answers.serverIpResponse,
  }),
  'keys:fetch': op()({
    ...keys,
    method: 'GET',
    path: '/api/fetchkeys',
    summary: 'The bound API key (never the secret)',
    response: answers.fetchKeysResponse,
  }),
  'keys:bind': op()({
    refuses: [
      'keys.withdrawals_enabled',
      'keys.trading_disabled',
      'keys.unverifiable',
      'keys.bot_running',
      ...ACCOUNT_EXCHANGE_REFUSES,
    ],
    ...keys,
    method: 'POST',
    path: '/api/apikeys',
    input: apiKeysRequestSchema,
    summary: 'Binds an API key and secret (both null: disconnects)',
    response: answers.bindKeysResponse,
  }),
  'market:symbolPairs': op()({
    refuses: MARKET_REFUSES,
    ...market,
    method: 'GET',
    path: '/api/symbolpair',
    summary: 'Tradable USDT pairs',
    response: answers.symbolPairsResponse,
  }),
  'market:livePrice': op()({
    refuses: MARKET_REFUSES,
    ...market,
    method: 'POST',
    path: '/api/liveprice',
    input: pairSchema,
    summary: 'The last spot price of a pair, with its price step',
    response: answers.livePriceResponse,
  }),
  'market:futureLivePrice': op()({
    refuses: MARKET_REFUSES,
    ...market,
    method: 'POST',
    path: '/api/futureliveprice',
    input: pairSchema,
    summary: 'The last USD-M futures price of a pair, with its price step',
    response: answers.livePriceResponse,
  }),
  'market:minimumBotAmount': op()({
    ...market,
    method: 'GET',
    path: '/api/minimum-bot-amount',
    summary: "The server's minimum bot amount (USDT)",
    response: answers.minimumBotAmountResponse,
  }),
  'market:tickers': op()({
    refuses: MARKET_REFUSES,
    ...market,
    method: 'GET',
    path: '/api/tickers',
    summary: 'The ticker snapshot',
    response: answers.tickersResponse,
  }),
  'market:klines': op<KlinesQuery>()({
    refuses: MARKET_REFUSES,
    ...market,
    method: 'GET',
    path: '/api/klines',
    input: klinesQuerySchema,
    summary: 'Candles of a pair',
    response: answers.klinesResponse,
  }),
  'wallet:spotBalance': op()({
    refuses: ACCOUNT_EXCHANGE_REFUSES,
    ...wallet,
    method: 'GET',
    path: '/api/spotBalance',
    summary: 'Free USDT in the spot wallet',
    response: answers.spotBalanceResponse,
  }),
  'wallet:futuresBalance': op()({
    refuses: ACCOUNT_EXCHANGE_REFUSES,
    ...wallet,
    method: 'GET',
    path: '/api/futuresBalance',
    summary: 'Free USDT in the USD-M futures wallet',
    response: answers.futuresBalanceResponse,
  }),
  'wallet:spotAssets': op()({
    refuses: ACCOUNT_EXCHANGE_REFUSES,
    ...wallet,
    method: 'GET',
    path: '/api/spotAssets',
    summary: 'Spot wallet assets with their USDT value',
    response: answers.walletAssets,
  }),
  'wallet:futuresAssets': op()({
    refuses: ACCOUNT_EXCHANGE_REFUSES,
    ...wallet,
    method: 'GET',
    path: '/api/futuresAssets',
    summary: 'Futures wallet assets with their USDT value',
    response: answers.walletAssets,
  }),
  'wallet:transferSpotToFutures': op()({
    refuses: ['wallet.wrong_direction', ...WALLET_CHANGE_REFUSES],
    ...wallet,
    method: 'POST',
    path: '/api/transferspottofutures',
    input: transferRequestSchema,
    summary: 'Moves USDT from spot to futures (Idempotency-Key makes a retry a no-op)',
    response: messageReply,
  }),
  'wallet:transferFuturesToSpot': op()({
    refuses: ['wallet.wrong_direction', ...WALLET_CHANGE_REFUSES],
    ...wallet,
    method: 'POST',
    path: '/api/transferfuturestospot',
    input: transferRequestSchema,
    summary: 'Moves USDT from futures to spot (Idempotency-Key makes a retry a no-op)',
    response: messageReply,
  }),
  'wallet:swap': op()({
    refuses: ['wallet.below_minimum', 'wallet.no_market', ...WALLET_CHANGE_REFUSES],
    ...wallet,
    method: 'POST',
    path: '/api/swaptousdt',
    input: swapRequestSchema,
    summary: 'Sells an asset for USDT at market (Idempotency-Key makes a retry a no-op)',
    response: messageReply,
  }),
};
