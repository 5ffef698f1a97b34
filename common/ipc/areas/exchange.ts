/**
 * Exchange channels (SPEC section 7: API keys, Wallet; issue 3's market data): keys, market
 * and wallet. The exchange secret goes in with `keys:save` and never comes back out.
 */
import * as yup from 'yup';
import type { MessageReply, TickerEntry, TransferDirection } from '../../api/exchange';
import type { OutputOf } from '../../ops/define';
import { exchangeOps } from '../../ops/exchange';
import {
  boundedString as str,
  emptyPayload as empty,
  forwardedOps,
  opPayloadSchemas,
  type Empty,
  type OpChannels,
  type PayloadSchemas,
} from './shared';

/** Operations main does not forward as they are: their channels are written below. */
const HAND_WRITTEN = ['keys:bind', 'wallet:transferSpotToFutures', 'wallet:transferFuturesToSpot'] as const;

/** Channels that are operations of common/ops/exchange.ts under their own name. */
export const forwardedExchangeOps = forwardedOps(exchangeOps, HAND_WRITTEN);
type ForwardedExchangeOps = typeof forwardedExchangeOps;

export interface ExchangeChannels extends OpChannels<ForwardedExchangeOps> {
  /** Main forwards both keys to the server, which keeps the secret sealed; the desktop keeps no copy. */
  'keys:save': { payload: { apiKey: string; secretKey: string }; result: OutputOf<(typeof exchangeOps)['keys:bind']> };
  'keys:disconnect': { payload: Empty; result: MessageReply };
  'wallet:transfer': { payload: { direction: TransferDirection; amount: string }; result: MessageReply };
}

export interface ExchangeEvents {
  /** Main's live ticker, pushed while the member is signed in. */
  'market:tickers': { tickers: TickerEntry[] };
}

export const exchangePayloadSchemas: PayloadSchemas<ExchangeChannels> = {
  ...opPayloadSchemas(forwardedExchangeOps),
  'keys:save': yup.object({ apiKey: str(256), secretKey: str(256) }).noUnknown(true),
  'keys:disconnect': empty,
  'wallet:transfer': yup
    .object({
      direction: yup.mixed<TransferDirection>().oneOf(['SpotToFutures', 'FuturesToSpot']).defined(),
      amount: str(60).min(1),
    })
    .noUnknown(true),
};
