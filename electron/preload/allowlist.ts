/**
 * The names the preload lets through. Kept here as literals rather than imported from the
 * contract's runtime values because a sandboxed preload can require only `electron` and a few
 * Node shims, not yup (which builds ipcPayloadSchemas). The Record types make the compiler
 * reject a missing or extra name; allowlist.test.ts checks they equal IPC_CHANNELS/IPC_EVENTS.
 */
import type { IpcChannel, IpcEvent } from '../../common/ipc/contract';

const channels: Record<IpcChannel, true> = {
  'session:current': true,
  'session:login': true,
  'session:logout': true,
  'account:signup': true,
  'account:verifyOtp': true,
  'account:resendOtp': true,
  'account:forgotPassword': true,
  'account:resetPassword': true,
  'account:referralMandatory': true,
  'account:referralCheck': true,
  'account:email': true,
  'account:profile': true,
  'settings:get': true,
  'settings:setTheme': true,
  'notifications:settings': true,
  'notifications:setMuted': true,
  'app:info': true,
  'strategies:create': true,
  'strategies:list': true,
  'strategies:mine': true,
  'strategies:system': true,
  'strategies:mineScalping': true,
  'strategies:systemScalping': true,
  'strategies:detail': true,
  'strategies:edit': true,
  'strategies:delete': true,
  'strategies:gridCount': true,
  'strategies:backtest': true,
  'keys:checkConnection': true,
  'keys:serverIp': true,
  'keys:fetch': true,
  'keys:save': true,
  'keys:disconnect': true,
  'market:symbolPairs': true,
  'market:livePrice': true,
  'market:futureLivePrice': true,
  'market:minimumBotAmount': true,
  'market:tickers': true,
  'market:klines': true,
  'wallet:spotBalance': true,
  'wallet:futuresBalance': true,
  'wallet:spotAssets': true,
  'wallet:futuresAssets': true,
  'wallet:transfer': true,
  'wallet:swap': true,
  'bots:start': true,
  'cycles:live': true,
  'cycles:history': true,
  'cycles:start': true,
  'cycles:edit': true,
  'cycles:stop': true,
  'cycles:stopAndSell': true,
  'bots:features': true,
  'bots:status': true,
  'bots:live': true,
  'bots:info': true,
  'bots:orderBook': true,
  'bots:purchasedQty': true,
  'bots:position': true,
  'bots:stop': true,
  'bots:stopAndSell': true,
  'bots:profitBook': true,
  'bots:editProfitBook': true,
  'bots:protection': true,
  'bots:editProtection': true,
  'bots:sltp': true,
  'bots:editSltp': true,
  'bots:history': true,
  'dashboard:disclaimerCheck': true,
  'dashboard:agree': true,
  'dashboard:pieChart': true,
  'dashboard:totalProfit': true,
  'billing:userData': true,
  'billing:plans': true,
  'billing:subscriptions': true,
  'billing:subscribe': true,
  'billing:levelReward': true,
  'billing:levelIncome': true,
  'billing:deposits': true,
  'billing:depositListen': true,
  'billing:depositWindow': true,
  'billing:depositWindowClose': true,
  'billing:depositSync': true,
  'billing:withdrawals': true,
  'billing:withdraw': true,
  'billing:swapReward': true,
  'billing:teamLevels': true,
  'billing:teamMembers': true,
};

const events: Record<IpcEvent, true> = {
  'session:expired': true,
  'app:navigate': true,
  'market:tickers': true,
  'bots:event': true,
};

export const PRELOAD_CHANNELS: readonly IpcChannel[] = Object.freeze(
  Object.keys(channels) as IpcChannel[],
);
export const PRELOAD_EVENTS: readonly IpcEvent[] = Object.freeze(Object.keys(events) as IpcEvent[]);

export function isAllowedChannel(value: unknown): value is IpcChannel {
  return typeof value === 'string' && Object.hasOwn(channels, value);
}

export function isAllowedEvent(value: unknown): value is IpcEvent {
  return typeof value === 'string' && Object.hasOwn(events, value);
}

/** The one ipcMain/ipcRenderer channel pair main and preload share. */
export const INVOKE_CHANNEL = 'griddesk:invoke';
export const EVENT_CHANNEL = 'griddesk:event';
