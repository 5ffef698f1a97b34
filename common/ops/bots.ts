/**
 * Bots operations (SPEC section 7: Bots; GET /api/features): the member's bots, their reads,
 * their start and every change, which reaches the engine as a command written with the settings
 * in one transaction. The answers' JSON Schemas, and their types, are in common/api/bots.ts.
 */
import * as answers from '../api/bots';
import type { EditProfitBookRequest, GridProtectionRequest, SltpEditRequest, StartBotRequest } from '../api/bots';
import { botIdBody, editProfitBookBody, gridProtectionBody, sltpEditBody, startBotBody, stopBotBody } from '../schemas/bots';
import { op } from './define';
import { ACCOUNT_EXCHANGE_REFUSES } from './refusals';
import { messageReply } from '../api/json-schema';

const bots = { auth: 'member', envelope: 'api', tag: 'bots' } as const;
/** A command on a bot: it may be gone, already stopped, or its engine could not apply the command now. */
const COMMAND_REFUSES = ['bot.not_found', 'bot.already_stopped', 'bot.change_not_applied'] as const;
const byId = { ...bots, method: 'POST', input: botIdBody, refuses: ['bot.not_found'] } as const;
const history = { ...bots, method: 'GET', response: answers.historyResponse } as const;

export const botsOps = {
  'bots:features': op()({
    ...bots,
    method: 'GET',
    path: '/api/features',
    summary: 'What the server has switched on (USD-M futures bots)',
    response: answers.featuresResponse,
  }),
  // The cards are written as JSON per bot (server/modules/bots/card-json.ts) and sent as they are.
  'bots:status': op()({
    ...bots,
    method: 'GET',
    path: '/api/botstatus',
    summary: "The member's Live and Pause bots",
    response: answers.liveBotList,
  }),
  'bots:live': op()({
    ...bots,
    method: 'GET',
    path: '/api/livebotdata',
    summary: "Other members' top live bots (running 24 h or more), anonymised",
    response: answers.liveBotList,
  }),
  'bots:multigridHistory': op()({
    ...history,
    path: '/api/bothistory',
    summary: "The member's stopped Advanced Multigrid bots",
  }),
  'bots:scalpHistory': op()({
    ...history,
    path: '/api/scalpbothistory',
    summary: "The member's stopped Scalping Grid bots (none yet: coming soon)",
  }),

  'bots:info': op()({
    ...byId,
    path: '/api/botinfo',
    summary: 'One bot: its figures, profit per day and sparkline',
    response: answers.botInfoResponse,
  }),
  'bots:orderBook': op()({
    ...byId,
    path: '/api/orderbook',
    summary: "A bot's filled orders, newest first",
    response: answers.orderBookResponse,
  }),
  'bots:purchasedQty': op()({
    ...byId,
    path: '/api/purchasedQty',
    summary: 'What a bot holds, its average price and PnL',
    response: answers.purchasedQtyResponse,
  }),
  'bots:position': op()({
    ...byId,
    path: '/api/position',
    summary: "A futures bot's liquidation price",
    response: answers.positionResponse,
  }),
  'bots:profitBook': op()({
    ...byId,
    path: '/api/profitbookat',
    summary: "A bot's profit book target (%)",
    response: answers.profitBookResponse,
  }),
  'bots:protection': op()({
    ...byId,
    path: '/api/protectionvalues',
    summary: "A bot's overbuy protection",
    response: answers.protectionValuesResponse,
  }),
  'bots:sltp': op()({
    ...byId,
    path: '/api/sltp',
    summary: "A bot's pause, restart and stoploss prices",
    response: answers.sltpResponse,
  }),

  'bots:start': op<StartBotRequest, StartBotRequest>()({
    refuses: [
      'bot.subscription_required',
      'bot.strategy_unknown',
      'bot.copy_source_gone',
      'bot.coming_soon',
      'bot.pair_not_tradable',
      'bot.pair_in_use',
      'bot.amount_below_minimum',
      'bot.insufficient_balance',
      'bot.no_live_price',
      'futures.position_too_large',
      ...ACCOUNT_EXCHANGE_REFUSES,
    ],
    ...bots,
    method: 'POST',
    path: '/api/startbotdata',
    input: startBotBody,
    summary:
      'Starts a bot of its botType: an Advanced Multigrid (a Scalping Grid is refused as coming soon, as at /api/startscalp)',
    response: answers.startResponse,
  }),
  // Scalping Grid is coming soon (SPEC section 1): every body gets that refusal, not field errors
  // about a start that cannot happen, so the body is not validated. Once it runs, it answers as a start.
  'bots:startScalp': op<StartBotRequest, unknown>()({
    refuses: ['bot.coming_soon'],
    ...bots,
    method: 'POST',
    path: '/api/startscalp',
    summary: 'Starts a Scalping Grid bot (refused for now: coming soon)',
    response: answers.startResponse,
  }),
  'bots:stop': op()({
    refuses: COMMAND_REFUSES,
    ...bots,
    method: 'POST',
    path: '/api/stopbot',
    input: stopBotBody,
    summary: 'Stops a bot; its holdings stay',
    response: messageReply,
  }),
  'bots:stopAndSell': op()({
    refuses: COMMAND_REFUSES,
    ...bots,
    method: 'POST',
    path: '/api/stopbotwithsell',
    input: stopBotBody,
    summary: 'Sells all a bot holds, then stops it',
    response: messageReply,
  }),
  'bots:editProfitBook': op<EditProfitBookRequest>()({
    refuses: COMMAND_REFUSES,
    ...bots,
    method: 'POST',
    path: '/api/editprofitbookat',
    input: editProfitBookBody,
    summary: "Sets a bot's profit book target (null resets)",
    response: messageReply,
  }),
  'bots:editProtection': op<GridProtectionRequest>()({
    refuses: COMMAND_REFUSES,
    ...bots,
    method: 'POST',
    path: '/api/gridprotectionadd',
    input: gridProtectionBody,
    summary: "Sets a bot's overbuy protection",
    response: messageReply,
  }),
  'bots:editSltp': op<SltpEditRequest>()({
    refuses: COMMAND_REFUSES,
    ...bots,
    method: 'POST',
    path: '/api/sltpedit',
    input: sltpEditBody,
    summary: "Sets a bot's pause, restart and stoploss prices (all null resets)",
    response: messageReply,
  }),
};
