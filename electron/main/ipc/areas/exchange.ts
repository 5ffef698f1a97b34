/**
 * Exchange channels: API keys, market data and the wallet (SPEC section 7; issue 3). Most are
 * operations of common/ops/exchange.ts forwarded as they are. Main adds something of its own to
 * three: binding keys (it drops the copy of the secret an earlier desktop kept in the keychain),
 * disconnecting (the same operation with both keys null) and the transfer (one channel, two
 * operations by direction). The member's exchange secret passes through once, to the server,
 * which keeps it sealed; the desktop keeps no copy and never sends it back.
 */
import { forwardedExchangeOps } from '../../../../common/ipc/areas/exchange';
import { exchangeOps } from '../../../../common/ops/exchange';
import type { IpcPorts } from '../../ports/types';
import type { IpcArea } from '../context';
import { forgetExchangeSecret } from '../exchange-secret';
import { forward, forwarded } from '../forward';

/** A copy an earlier version kept in the keychain; the server has the secret, sealed. */
const forgetDesktopCopy = (ports: IpcPorts) => forgetExchangeSecret(ports.keychain, ports.settings.get('email'));

const TRANSFERS = {
  SpotToFutures: { op: exchangeOps['wallet:transferSpotToFutures'], from: 'spot', to: 'futures' },
  FuturesToSpot: { op: exchangeOps['wallet:transferFuturesToSpot'], from: 'futures', to: 'spot' },
} as const;

export const exchangeArea: IpcArea = {
  name: 'exchange',
  handlers: {
    ...forwarded(forwardedExchangeOps),

    'keys:save': async ({ apiKey, secretKey }, { ports, call }) => {
      const result = await forward(call, exchangeOps['keys:bind'], { apiKey, secretKey });
      if (result.ok) await forgetDesktopCopy(ports);
      return result;
    },

    // Refused while a bot runs; the desktop copy goes either way (the server holds the secret).
    'keys:disconnect': async (_payload, { ports, call }) => {
      const result = await forward(call, exchangeOps['keys:bind'], { apiKey: null, secretKey: null });
      await forgetDesktopCopy(ports);
      return result;
    },

    'wallet:transfer': async ({ direction, amount }, { call }) => {
      const { op, from, to } = TRANSFERS[direction];
      return forward(call, op, { from, to, coin: 'USDT', amount });
    },
  },
};
