/** Member events as the platform server sends them, for tests: one shape, each field overridable. */
import type { MemberEvent } from '../../../common/api/bots';

/** The moment every test event happened. */
export const EVENT_AT = '2026-11-23T09:00:00.000Z';

type BotStopped = Extract<MemberEvent, { kind: 'bot.stopped' }>;

/** A BTC/USDT bot stopped by its stop loss, unless `over` says otherwise. */
export function botStopped(over: Partial<BotStopped> = {}): BotStopped {
  return {
    kind: 'bot.stopped',
    botID: 'bot-1',
    name: 'BTCUSDT',
    reason: 'stoploss',
    status: 'Stopped',
    at: EVENT_AT,
    ...over,
  };
}
