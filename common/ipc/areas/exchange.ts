/**
 * Exchange channels (SPEC section 7: API keys, Wallet; issue 3's market data): keys, market
 * and wallet. The exchange secret goes in with `keys:save` and never comes back out.
 */
import * as yup from 'yup';
import {
  KLINE_INTERVALS,
  type CheckConnectionResponse,
  type FetchKeysResponse,
  type FuturesBalanceResponse,
  type KlineInterval,
  type KlinesResponse,
  type LivePriceResponse,
  type MessageReply,
  type MinimumBotAmountResponse,
  type ServerIpResponse,
  type SpotBalanceResponse,
  type SymbolPairsResponse,
  type TickerEntry,
  type TickersResponse,
  type TransferDirection,
  type WalletAsset,
} from '../../api/exchange';
import { boundedString as str, emptyPayload as empty, type Empty, type PayloadSchemas } from './shared';

export interface ExchangeChannels {
  'keys:checkConnection': { payload: Empty; result: CheckConnectionResponse };
  'keys:serverIp': { payload: Empty; result: ServerIpResponse };
  'keys:fetch': { payload: Empty; result: FetchKeysResponse };
  /** Main forwards both keys to the server, which keeps the secret sealed; the desktop keeps no copy. */
  'keys:save': { payload: { apiKey: string; secretKey: string }; result: MessageReply };
  'keys:disconnect': { payload: Empty; result: MessageReply };
  'market:symbolPairs': { payload: Empty; result: SymbolPairsResponse };
  'market:livePrice': { payload: { pair: string }; result: LivePriceResponse };
  'market:futureLivePrice': { payload: { pair: string }; result: LivePriceResponse };
  'market:minimumBotAmount': { payload: Empty; result: MinimumBotAmountResponse };
  /** The ticker snapshot for the first paint; the `market:tickers` event keeps it live. */
  'market:tickers': { payload: Empty; result: TickersResponse };
  'market:klines': {
    payload: { pair: string; interval: KlineInterval; limit?: number };
    result: KlinesResponse;
  };
  'wallet:spotBalance': { payload: Empty; result: SpotBalanceResponse };
  'wallet:futuresBalance': { payload: Empty; result: FuturesBalanceResponse };
  'wallet:spotAssets': { payload: Empty; result: WalletAsset[] };
  'wallet:futuresAssets': { payload: Empty; result: WalletAsset[] };
  'wallet:transfer': { payload: { direction: TransferDirection; amount: string }; result: MessageReply };
  'wallet:swap': { payload: { asset: string; amount: string }; result: MessageReply };
}

export interface ExchangeEvents {
  /** Main's live ticker, pushed while the member is signed in. */
  'market:tickers': { tickers: TickerEntry[] };
}

const pair = str(30).min(1);
const amount = str(60).min(1);

export const exchangePayloadSchemas: PayloadSchemas<ExchangeChannels> = {
  'keys:checkConnection': empty,
  'keys:serverIp': empty,
  'keys:fetch': empty,
  'keys:save': yup.object({ apiKey: str(256), secretKey: str(256) }).noUnknown(true),
  'keys:disconnect': empty,
  'market:symbolPairs': empty,
  'market:livePrice': yup.object({ pair }).noUnknown(true),
  'market:futureLivePrice': yup.object({ pair }).noUnknown(true),
  'market:minimumBotAmount': empty,
  'market:tickers': empty,
  'market:klines': yup
    .object({
      pair,
      interval: yup.mixed<KlineInterval>().oneOf([...KLINE_INTERVALS]).defined(),
      limit: yup.number().integer().min(1).max(1000).optional(),
    })
    .noUnknown(true),
  'wallet:spotBalance': empty,
  'wallet:futuresBalance': empty,
  'wallet:spotAssets': empty,
  'wallet:futuresAssets': empty,
  'wallet:transfer': yup
    .object({
      direction: yup.mixed<TransferDirection>().oneOf(['SpotToFutures', 'FuturesToSpot']).defined(),
      amount,
    })
    .noUnknown(true),
  'wallet:swap': yup.object({ asset: str(20).min(1), amount }).noUnknown(true),
};
