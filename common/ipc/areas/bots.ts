/**
 * Bot and Dashboard channels (SPEC section 7: Dashboard, Bots; issue 8). One channel per server
 * call; main forwards the checked payload and answers with the server's body. `bots:event` is
 * main's push of the member's event stream (GET /api/events) so open screens refresh at once.
 */
import * as yup from 'yup';
import type { MessageResponse } from '../../api/account';
import type {
  BotInfo,
  BotHistoryRow,
  BotMessageResponse,
  DisclaimerCheckResponse,
  GridProtectionRequest,
  LiveBot,
  MemberEvent,
  OrderBookResponse,
  PieChartResponse,
  PositionResponse,
  ProfitBookResponse,
  ProtectionValuesResponse,
  PurchasedQtyResponse,
  SltpEditRequest,
  SltpValues,
  StartBotRequest,
  StartBotResponse,
  TotalProfitBookResponse,
} from '../../api/bots';
import { boundedString as str, emptyPayload as empty, type Empty, type PayloadSchemas } from './shared';

export type BotHistoryKind = 'multigrid' | 'scalp' | 'cycle';

/** GET /api/features: what the server has switched on. */
export interface FeaturesResponse {
  futuresEnabled: boolean;
}

type ById = { botID: string };

export interface BotsChannels {
  /** POST /api/startbotdata (Advanced Multigrid) or /api/startscalp (Scalping Grid). */
  'bots:start': { payload: StartBotRequest; result: StartBotResponse };
  'bots:features': { payload: Empty; result: FeaturesResponse };
  /** GET /api/botstatus: the member's Live and Pause bots. */
  'bots:status': { payload: Empty; result: LiveBot[] };
  /** GET /api/livebotdata: every member's top live bots, anonymised. */
  'bots:live': { payload: Empty; result: LiveBot[] };
  'bots:info': { payload: ById; result: BotInfo };
  'bots:orderBook': { payload: ById; result: OrderBookResponse };
  'bots:purchasedQty': { payload: ById; result: PurchasedQtyResponse };
  'bots:position': { payload: ById; result: PositionResponse };
  'bots:stop': { payload: ById; result: BotMessageResponse };
  'bots:stopAndSell': { payload: ById; result: BotMessageResponse };
  'bots:profitBook': { payload: ById; result: ProfitBookResponse };
  'bots:editProfitBook': { payload: { botID: string; profitBookValue: number | string | null }; result: BotMessageResponse };
  'bots:protection': { payload: ById; result: ProtectionValuesResponse };
  'bots:editProtection': { payload: GridProtectionRequest; result: BotMessageResponse };
  'bots:sltp': { payload: ById; result: SltpValues };
  'bots:editSltp': { payload: SltpEditRequest; result: BotMessageResponse };
  /** GET /api/bothistory, /api/scalpbothistory or /api/cyclebothistory. */
  'bots:history': { payload: { kind: BotHistoryKind }; result: BotHistoryRow[] };
  'dashboard:disclaimerCheck': { payload: Empty; result: DisclaimerCheckResponse };
  'dashboard:agree': { payload: Empty; result: MessageResponse };
  'dashboard:pieChart': { payload: Empty; result: PieChartResponse };
  'dashboard:totalProfit': { payload: Empty; result: TotalProfitBookResponse };
}

export interface BotsEvents {
  /** One event of the member's stream (bot started, stopped with its reason, order failed). */
  'bots:event': MemberEvent;
}

const botID = str(64).min(1);
const byId = yup.object({ botID }).noUnknown(true);
/** A number field as a form sends it: a short string, a finite number, or null/absent. */
const numberish = yup
  .mixed<string | number>()
  .nullable()
  .optional()
  .test('number', 'must be a short string or a number', (v) =>
    v === null || v === undefined || (typeof v === 'string' && v.length <= 40) || (typeof v === 'number' && Number.isFinite(v)),
  );

export const botsPayloadSchemas: PayloadSchemas<BotsChannels> = {
  'bots:start': yup
    .object({
      selectPair: str(30),
      myStrategy: str(200),
      amount: numberish.defined(),
      category: str(20),
      botType: str(60),
      leverage: numberish,
      profitbookat: numberish,
      sellPausePrice: numberish,
      restartPrice: numberish,
      stoplossPrice: numberish,
    })
    .noUnknown(true),
  'bots:features': empty,
  'bots:status': empty,
  'bots:live': empty,
  'bots:info': byId,
  'bots:orderBook': byId,
  'bots:purchasedQty': byId,
  'bots:position': byId,
  'bots:stop': byId,
  'bots:stopAndSell': byId,
  'bots:profitBook': byId,
  'bots:editProfitBook': yup.object({ botID, profitBookValue: numberish.defined() }).noUnknown(true),
  'bots:protection': byId,
  'bots:editProtection': yup
    .object({ botID, overbuyProtectionValue: numberish.defined(), protectionActive: yup.boolean().defined() })
    .noUnknown(true),
  'bots:sltp': byId,
  'bots:editSltp': yup
    .object({ botID, sellAllAndPausePrice: numberish.defined(), restartPrice: numberish.defined(), stoplossPrice: numberish.defined() })
    .noUnknown(true),
  'bots:history': yup.object({ kind: yup.mixed<BotHistoryKind>().oneOf(['multigrid', 'scalp', 'cycle']).defined() }).noUnknown(true),
  'dashboard:disclaimerCheck': empty,
  'dashboard:agree': empty,
  'dashboard:pieChart': empty,
  'dashboard:totalProfit': empty,
};
