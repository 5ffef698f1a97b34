/**
 * The Bots operations (common/ops/bots.ts): each one call into the bots module. The cards of
 * GET /api/botstatus and /api/livebotdata come written as JSON (modules/bots/card-json.ts) and
 * go out as they are.
 */
import type { botsOps } from '../../../common/ops/bots';
import { botHistory, emptyHistory } from '../../modules/bots/history';
import { botInfo, orderBook, position, purchasedQty } from '../../modules/bots/info';
import { botStatus, liveBotData } from '../../modules/bots/live';
import {
  editProfitBook,
  editProtection,
  editSltp,
  profitBookAt,
  protectionValues,
  sltpValues,
} from '../../modules/bots/settings';
import { scalpingComingSoon, startBotOfType } from '../../modules/bots/start';
import { stopBot, stopBotWithSell } from '../../modules/bots/stop';
import { PreSerialised, type OpHandlers } from '../ops/register';

export const botsHandlers: OpHandlers<typeof botsOps> = {
  'bots:features': (_input, { deps }) => ({ futuresEnabled: deps.config.futuresEnabled }),
  'bots:status': async (_input, { deps, userId }) => new PreSerialised(await botStatus(deps, userId)),
  'bots:live': async (_input, { deps, userId }) => new PreSerialised(await liveBotData(deps, userId)),
  'bots:multigridHistory': (_input, { deps, userId }) => botHistory(deps, userId),
  'bots:scalpHistory': () => emptyHistory(),

  'bots:info': ({ botID }, { deps, userId }) => botInfo(deps, userId, botID),
  'bots:orderBook': ({ botID }, { deps, userId }) => orderBook(deps, userId, botID),
  'bots:purchasedQty': ({ botID }, { deps, userId }) => purchasedQty(deps, userId, botID),
  'bots:position': ({ botID }, { deps, userId }) => position(deps, userId, botID),
  'bots:profitBook': ({ botID }, { deps, userId }) => profitBookAt(deps, userId, botID),
  'bots:protection': ({ botID }, { deps, userId }) => protectionValues(deps, userId, botID),
  'bots:sltp': ({ botID }, { deps, userId }) => sltpValues(deps, userId, botID),

  'bots:start': (body, { deps, userId }) => startBotOfType(deps, userId, body),
  'bots:startScalp': () => {
    throw scalpingComingSoon();
  },
  'bots:stop': ({ botID }, { deps, userId }) => stopBot(deps, userId, botID),
  'bots:stopAndSell': ({ botID }, { deps, userId }) => stopBotWithSell(deps, userId, botID),
  'bots:editProfitBook': ({ botID, profitBookValue }, { deps, userId }) => editProfitBook(deps, userId, botID, profitBookValue),
  'bots:editProtection': ({ botID, overbuyProtectionValue, protectionActive }, { deps, userId }) =>
    editProtection(deps, userId, botID, overbuyProtectionValue, protectionActive),
  'bots:editSltp': ({ botID, sellAllAndPausePrice, restartPrice, stoplossPrice }, { deps, userId }) =>
    editSltp(deps, userId, botID, {
      sellAllAndPausePrice: sellAllAndPausePrice ?? null,
      restartPrice: restartPrice ?? null,
      stoplossPrice: stoplossPrice ?? null,
    }),
};
