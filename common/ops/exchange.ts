/**
 * Exchange operations (SPEC section 7: API keys, Wallet; market data): keys, market and the
 * member's exchange wallet. The exchange secret goes in with `keys:bind` and never comes back.
 */
import type {
  ApiKeysRequest,
  CheckConnectionResponse,
  FetchKeysResponse,
  FuturesBalanceResponse,
  KlinesQuery,
  KlinesResponse,
  LivePriceRequest,
  LivePriceResponse,
  MinimumBotAmountResponse,
  ServerIpResponse,
  SpotBalanceResponse,
  SwapRequest,
  SymbolPairsResponse,
  TickersResponse,
  TransferRequest,
  WalletAsset,
  WithWarning,
  MessageReply,
} from '../api/exchange';
import { apiKeysRequestSchema, klinesQuerySchema, pairSchema, swapRequestSchema, transferRequestSchema } from '../schemas/exchange';
import { op, type Empty } from './define';
import { arrayOf, bool, int, messageReply, object, str, strOrNull } from './json-schema';

const member = { auth: 'member', envelope: 'api' } as const;
const keys = { ...member, tag: 'api keys' } as const;
const market = { ...member, tag: 'market' } as const;
const wallet = { ...member, tag: 'wallet' } as const;

const holder = object({ kind: str, id: str, label: str, amount: str });
// free, inBots and holders are always sent; optional in the schema as in the type (MoneyAtHand).
const walletAssets = arrayOf(object({ asset: str, balance: str, value: str, free: str, inBots: str, holders: arrayOf(holder) }, ['free', 'inBots', 'holders']));
const kline = object({ time: int, open: str, high: str, low: str, close: str, volume: str });

export const exchangeOps = {
  'keys:checkConnection': op<Empty, CheckConnectionResponse>()({
    ...keys, method: 'GET', path: '/api/checkConnection', summary: 'Whether the bound key reaches the exchange',
    response: object({ connected: bool }),
  }),
  'keys:serverIp': op<Empty, ServerIpResponse>()({
    ...keys, method: 'GET', path: '/api/serverip', summary: 'The IP address members whitelist on their key',
    response: object({ ip: str }),
  }),
  'keys:fetch': op<Empty, FetchKeysResponse>()({
    ...keys, method: 'GET', path: '/api/fetchkeys', summary: 'The bound API key (never the secret)',
    response: object({ apiKey: strOrNull }),
  }),
  'keys:bind': op<ApiKeysRequest, WithWarning<MessageReply>>()({
    ...keys, method: 'POST', path: '/api/apikeys', input: apiKeysRequestSchema,
    summary: 'Binds an API key and secret (both null: disconnects)',
    response: object({ message: str, warning: str }, ['warning']),
  }),
  'market:symbolPairs': op<Empty, SymbolPairsResponse>()({
    ...market, method: 'GET', path: '/api/symbolpair', summary: 'Tradable USDT pairs',
    response: object({ pairs: arrayOf(str) }),
  }),
  'market:livePrice': op<LivePriceRequest, LivePriceResponse>()({
    ...market, method: 'POST', path: '/api/liveprice', input: pairSchema, summary: 'The last spot price of a pair, with its price step',
    response: object({ price: str, tickSize: str }, ['tickSize']),
  }),
  'market:futureLivePrice': op<LivePriceRequest, LivePriceResponse>()({
    ...market, method: 'POST', path: '/api/futureliveprice', input: pairSchema, summary: 'The last USD-M futures price of a pair, with its price step',
    response: object({ price: str, tickSize: str }, ['tickSize']),
  }),
  'market:minimumBotAmount': op<Empty, MinimumBotAmountResponse>()({
    ...market, method: 'GET', path: '/api/minimum-bot-amount', summary: "The server's minimum bot amount (USDT)",
    response: object({ minimumBotAmount: str }),
  }),
  'market:tickers': op<Empty, TickersResponse>()({
    ...market, method: 'GET', path: '/api/tickers', summary: 'The ticker snapshot',
    response: object({ tickers: arrayOf(object({ symbol: str, price: str, changePercent: str, tickSize: str }, ['tickSize'])) }),
  }),
  'market:klines': op<KlinesQuery, KlinesResponse>()({
    ...market, method: 'GET', path: '/api/klines', input: klinesQuerySchema, summary: 'Candles of a pair',
    response: object({ klines: arrayOf(kline) }),
  }),
  'wallet:spotBalance': op<Empty, SpotBalanceResponse>()({
    ...wallet, method: 'GET', path: '/api/spotBalance', summary: 'Free USDT in the spot wallet',
    response: object({ spotusdtAmount: str, free: str, inBots: str }, ['free', 'inBots']),
  }),
  'wallet:futuresBalance': op<Empty, FuturesBalanceResponse>()({
    ...wallet, method: 'GET', path: '/api/futuresBalance', summary: 'Free USDT in the USD-M futures wallet',
    response: object({ futuresusdtAmount: str, free: str, inBots: str }, ['free', 'inBots']),
  }),
  'wallet:spotAssets': op<Empty, WalletAsset[]>()({
    ...wallet, method: 'GET', path: '/api/spotAssets', summary: 'Spot wallet assets with their USDT value',
    response: walletAssets,
  }),
  'wallet:futuresAssets': op<Empty, WalletAsset[]>()({
    ...wallet, method: 'GET', path: '/api/futuresAssets', summary: 'Futures wallet assets with their USDT value',
    response: walletAssets,
  }),
  'wallet:transferSpotToFutures': op<TransferRequest, MessageReply>()({
    ...wallet, method: 'POST', path: '/api/transferspottofutures', input: transferRequestSchema,
    summary: 'Moves USDT from spot to futures (Idempotency-Key makes a retry a no-op)', response: messageReply,
  }),
  'wallet:transferFuturesToSpot': op<TransferRequest, MessageReply>()({
    ...wallet, method: 'POST', path: '/api/transferfuturestospot', input: transferRequestSchema,
    summary: 'Moves USDT from futures to spot (Idempotency-Key makes a retry a no-op)', response: messageReply,
  }),
  'wallet:swap': op<SwapRequest, MessageReply>()({
    ...wallet, method: 'POST', path: '/api/swaptousdt', input: swapRequestSchema,
    summary: 'Sells an asset for USDT at market (Idempotency-Key makes a retry a no-op)', response: messageReply,
  }),
};
