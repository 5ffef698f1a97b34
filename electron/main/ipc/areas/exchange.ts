/**
 * Exchange channels: API keys, market data and the wallet (SPEC section 7; issue 3). Each maps
 * to one platform-server call. The member's exchange secret passes through once on `keys:save`
 * to the server, which keeps it sealed; the desktop keeps no copy and never sends it back.
 */
import type {
  CheckConnectionResponse,
  FetchKeysResponse,
  FuturesBalanceResponse,
  KlinesResponse,
  LivePriceResponse,
  MessageReply,
  MinimumBotAmountResponse,
  ServerIpResponse,
  SpotBalanceResponse,
  SymbolPairsResponse,
  TickersResponse,
  TransferRequest,
  WalletAsset,
} from '../../../../common/api/exchange';
import { SERVER, UI } from '../../../../common/messages';
import type { IpcPorts } from '../../ports/types';
import type { IpcArea } from '../context';
import { forgetExchangeSecret } from '../exchange-secret';
import { errorFromReply, fromReply, isSuccess, ok } from '../result';

/** A copy an earlier version kept in the keychain; the server has the secret, sealed. */
const forgetDesktopCopy = (ports: IpcPorts) => forgetExchangeSecret(ports.keychain, ports.settings.get('email'));

const TRANSFERS = {
  SpotToFutures: { path: '/api/transferspottofutures', from: 'spot', to: 'futures' },
  FuturesToSpot: { path: '/api/transferfuturestospot', from: 'futures', to: 'spot' },
} as const;

/** A success body's `message`, or the fallback when the server sent none. */
function messageOf(body: unknown, fallback: string): MessageReply {
  const message = (body as Partial<MessageReply> | null)?.message;
  return { message: typeof message === 'string' && message ? message : fallback };
}

export const exchangeArea: IpcArea = {
  name: 'exchange',
  handlers: {
    'keys:checkConnection': async (_payload, { call }) =>
      fromReply<CheckConnectionResponse>(await call('GET', '/api/checkConnection')),

    'keys:serverIp': async (_payload, { call }) =>
      fromReply<ServerIpResponse>(await call('GET', '/api/serverip')),

    'keys:fetch': async (_payload, { call }) =>
      fromReply<FetchKeysResponse>(await call('GET', '/api/fetchkeys')),

    'keys:save': async ({ apiKey, secretKey }, { ports, call }) => {
      const reply = await call('POST', '/api/apikeys', { apiKey, secretKey });
      if (!isSuccess(reply)) return errorFromReply(reply);
      await forgetDesktopCopy(ports);
      return ok(messageOf(reply.body, UI.apiKeysSaved));
    },

    // Refused while a bot runs; the desktop copy goes either way (the server holds the secret).
    'keys:disconnect': async (_payload, { ports, call }) => {
      const reply = await call('POST', '/api/apikeys', { apiKey: null, secretKey: null });
      await forgetDesktopCopy(ports);
      if (!isSuccess(reply)) return errorFromReply(reply);
      return ok(messageOf(reply.body, UI.disconnected));
    },

    'market:symbolPairs': async (_payload, { call }) =>
      fromReply<SymbolPairsResponse>(await call('GET', '/api/symbolpair')),

    'market:livePrice': async ({ pair }, { call }) =>
      fromReply<LivePriceResponse>(await call('POST', '/api/liveprice', { pair })),

    'market:futureLivePrice': async ({ pair }, { call }) =>
      fromReply<LivePriceResponse>(await call('POST', '/api/futureliveprice', { pair })),

    'market:minimumBotAmount': async (_payload, { call }) =>
      fromReply<MinimumBotAmountResponse>(await call('GET', '/api/minimum-bot-amount')),

    'market:tickers': async (_payload, { call }) =>
      fromReply<TickersResponse>(await call('GET', '/api/tickers')),

    'market:klines': async ({ pair, interval, limit }, { call }) => {
      const query = new URLSearchParams({ pair, interval });
      if (limit !== undefined) query.set('limit', String(limit));
      return fromReply<KlinesResponse>(await call('GET', `/api/klines?${query.toString()}`));
    },

    'wallet:spotBalance': async (_payload, { call }) =>
      fromReply<SpotBalanceResponse>(await call('GET', '/api/spotBalance')),

    'wallet:futuresBalance': async (_payload, { call }) =>
      fromReply<FuturesBalanceResponse>(await call('GET', '/api/futuresBalance')),

    'wallet:spotAssets': async (_payload, { call }) =>
      fromReply<WalletAsset[]>(await call('GET', '/api/spotAssets')),

    'wallet:futuresAssets': async (_payload, { call }) =>
      fromReply<WalletAsset[]>(await call('GET', '/api/futuresAssets')),

    'wallet:transfer': async ({ direction, amount }, { call }) => {
      const { path, from, to } = TRANSFERS[direction];
      const body: TransferRequest = { from, to, coin: 'USDT', amount };
      const reply = await call('POST', path, body);
      return isSuccess(reply) ? ok(messageOf(reply.body, SERVER.transferSuccessful)) : errorFromReply(reply);
    },

    'wallet:swap': async ({ asset, amount }, { call }) => {
      const reply = await call('POST', '/api/swaptousdt', { asset, amount });
      return isSuccess(reply) ? ok(messageOf(reply.body, SERVER.swapSuccessful)) : errorFromReply(reply);
    },
  },
};
