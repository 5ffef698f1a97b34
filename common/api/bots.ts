/**
 * Shapes of the Bots and Dashboard calls (SPEC sections 3 and 7; issue 8), field names exactly
 * as SPEC writes them (`cummulativeQuoteQty`, `trades24h`, `roi` carrying the APY). Money,
 * prices and quantities are decimal strings; counts are numbers. An answer is spelled once, as
 * its JSON Schema (the server serialises with it, /docs shows it); its type is read off it.
 */
import {
  arrayOf,
  bool,
  described,
  int,
  num,
  object,
  oneOf,
  oneOfOrNull,
  str,
  strOrNull,
  type Answer,
  type MessageAnswer,
} from './json-schema';
import { STOP_REASONS, type CycleStopReason, type StopReason } from './stop-reasons';

export const BOT_CATEGORIES = ['Spot', 'Future'] as const;
export type BotCategory = (typeof BOT_CATEGORIES)[number];
/** The bot type of the Start form; Scalping Grid is announced as coming soon. */
export const BOT_TYPES = ['Advanced Multigrid', 'Scalping Grid'] as const;
/** The bot type that is coming soon (SPEC section 1): its start is refused. */
export const SCALPING_GRID = 'Scalping Grid' satisfies (typeof BOT_TYPES)[number];
export type BotType = (typeof BOT_TYPES)[number];
/**
 * A bot's status, stored in `bots.status` and shown as SPEC shows it: Live (green), Pause
 * (yellow), Stopped (history only). Live and Pause bots run (an engine holds them); Stopped never
 * runs again.
 */
export const BOT_STATUS = { live: 'Live', pause: 'Pause', stopped: 'Stopped' } as const;
export type BotStatus = (typeof BOT_STATUS)[keyof typeof BOT_STATUS];
/** The statuses of a bot an engine runs. */
export const RUNNING_BOT_STATUSES = [BOT_STATUS.live, BOT_STATUS.pause] as const;
export type RunningBotStatus = (typeof RUNNING_BOT_STATUSES)[number];
/** The label the API answers with: the status itself. */
export type BotStatusLabel = BotStatus;

/** POST /api/startbotdata and /api/startscalp. Optional prices may be '' or null (not set). */
export interface StartBotRequest {
  selectPair: string;
  /** The strategy's name, 'System Strategy' (the default system strategy) or a system strategy's name. */
  myStrategy: string;
  /** Whole USDT. */
  amount: number | string;
  category: BotCategory;
  botType: string;
  /** Future only (1..10, '3x' accepted); null for Spot. */
  leverage?: number | string | null;
  profitbookat?: number | string | null;
  sellPausePrice?: number | string | null;
  restartPrice?: number | string | null;
  stoplossPrice?: number | string | null;
  /**
   * Copy BOTs: the id of the live bot (of any member) whose grids the new bot runs. The copied
   * bot's strategy may be its owner's own, which the copier cannot pick by name.
   */
  copyBotID?: string | null;
}

/** POST /api/editprofitbookat (null resets). */
export interface EditProfitBookRequest {
  botID: string;
  profitBookValue: number | string | null;
}

/** POST /api/gridprotectionadd (null value + inactive resets). */
export interface GridProtectionRequest {
  botID: string;
  overbuyProtectionValue: number | string | null;
  protectionActive: boolean;
}

/** POST /api/sltpedit (all null resets). */
export interface SltpEditRequest {
  botID: string;
  sellAllAndPausePrice: number | string | null;
  restartPrice: number | string | null;
  stoplossPrice: number | string | null;
}

// The answers. The server serialises with these (fast-json-stringify): a property missing here
// would never reach the member, and the bot cards written per bot (server/modules/bots/card-json.ts)
// must equal what `liveBotList` writes (card-json.test.ts).

const intOrNull = { type: ['integer', 'null'] } as const;
const category = oneOf(BOT_CATEGORIES);
const status = oneOf([BOT_STATUS.live, BOT_STATUS.pause, BOT_STATUS.stopped]);
const stopReason = described('Why the bot stopped, once it has', oneOfOrNull(STOP_REASONS));
const sparklinePoint = object({ time: num, value: str });
export const sparkline = described("Realized PnL over time: the card's sparkline", arrayOf(sparklinePoint));
const datewise = described('UTC date (YYYY-MM-DD) -> realized PnL of that day', {
  type: 'object',
  additionalProperties: str,
} as const);
const steps = {
  tickSize: described("The pair's price step the bot trades on: its prices show its decimals", strOrNull),
  stepSize: described("The pair's quantity step the bot trades on", strOrNull),
} as const;

/** GET /api/botstatus item (the member's Live and Pause bots) and GET /api/livebotdata item. */
export const liveBot = object(
  {
    id: str,
    name: described("Symbol, e.g. 'BTCUSDT' (shown as BTC/USDT)", str),
    category,
    tradeType: str,
    strategy_name: str,
    status,
    liveprice: str,
    runtime: described('Whole days since the start', int),
    roi: described('The APY, as SPEC shows it (percent)', str),
    investment: str,
    pnl: described('Realized PnL, fees included', str),
    trades24h: described('Number of filled orders', int),
    grid_no: int,
    total_grid: int,
    sparklineData: sparkline,
    datewiseprofit: datewise,
    leverage: described('Future only', intOrNull),
  },
  ['leverage'],
);
export const liveBotList = arrayOf(liveBot);

/** POST /api/botinfo. */
export const botInfoResponse = object({
  name: str,
  category,
  leverage: intOrNull,
  strategy_name: str,
  liveprice: str,
  status,
  runtime: int,
  roi: str,
  trades24h: int,
  grid_no: int,
  total_grid: int,
  last_buying_price: strOrNull,
  investment: str,
  pnl: str,
  botstartdate: str,
  datewiseprofit: datewise,
  sparklineData: sparkline,
  overbuy_protection_value: intOrNull,
  stopReason,
  botstopdate: strOrNull,
  ...steps,
});

/** POST /api/orderbook: every filled order of the bot, newest first. */
export const orderBookResponse = object({
  orders: arrayOf(
    object({
      date: described('ISO time of the fill', str),
      price: str,
      type: oneOf(['BUY', 'SELL']),
      quantity: str,
      cummulativeQuoteQty: described("Quote amount of the fill (SPEC's spelling)", str),
      pnl: described("Realized PnL of a sell; '0' for a buy", str),
    }),
  ),
});

/** POST /api/purchasedQty. */
export const purchasedQtyResponse = object({
  totalQuantity: str,
  avgPrice: described('Held cost / held quantity, or null with nothing held', strOrNull),
  totalpnl: described('Realized + unrealized at the live price', str),
  pnl: described('Realized', str),
});

/** POST /api/position (futures): null for a spot bot or with nothing held. */
export const positionResponse = object({ liquidationPrice: strOrNull });
/** POST /api/profitbookat. */
export const profitBookResponse = object({ profitbookat: strOrNull });
/** POST /api/protectionvalues. */
export const protectionValuesResponse = object({ is_protection_active: bool, protection_grid_at: intOrNull });
/** POST /api/sltp: the bot's SL/TP values. */
export const sltpResponse = object({
  sell_all_and_pause_at_price: strOrNull,
  restart_at_price: strOrNull,
  stoploss_and_stopbot_at_price: strOrNull,
});

/** The columns every history row has (GET /api/bothistory, /api/scalpbothistory, /api/cyclebothistory). */
export const historyColumns = {
  id: str,
  symbol: str,
  strategy_name: described("'System Strategy' when a system strategy ran", str),
  runtime: described('Whole days run', int),
  investment: str,
  profit: described('Realized profit booked (sum of winning sells)', str),
  lossbook: described("Realized loss booked (sum of losing sells, negative), or 'NA' when none", str),
  totalpnl: str,
  roi: described('Percent of the investment', str),
  botstarttime: str,
  botstoptime: strOrNull,
  stopAt: described('Price of the last trade or the stop, when known', strOrNull),
  trades: int,
} as const;
export const historyResponse = arrayOf(object({ ...historyColumns, stopReason }));

export const startResponse = object({ message: str, botID: str });
/** GET /api/features: what the server has switched on. */
export const featuresResponse = object({ futuresEnabled: bool });

/** GET /api/disclaimeragreementcheck. */
export const disclaimerCheckResponse = object({ agreed: bool });
/** GET /api/pichart: the spot USDT wallet split by bot, plus what is free to use. */
export const pieChartResponse = object({
  chartData: arrayOf(object({ label: str, value: str })),
  usdt: described('Total USDT in the spot wallet (free + locked)', str),
  availableBalance: described('Free to use for a new bot: wallet USDT minus what live bots still hold in reserve', str),
});
/** GET /api/totalprofitbookdata over every bot of the member. */
export const totalProfitBookResponse = object({ totalProfit: str, lossBook: str, totalpnl: str });

export type StartBotResponse = Answer<typeof startResponse>;
export type FeaturesResponse = Answer<typeof featuresResponse>;
export type SparklinePoint = Answer<typeof sparklinePoint>;
export type LiveBot = Answer<typeof liveBot>;
export type BotInfo = Answer<typeof botInfoResponse>;
export type OrderBookResponse = Answer<typeof orderBookResponse>;
export type OrderBookRow = OrderBookResponse['orders'][number];
export type PurchasedQtyResponse = Answer<typeof purchasedQtyResponse>;
export type PositionResponse = Answer<typeof positionResponse>;
export type ProfitBookResponse = Answer<typeof profitBookResponse>;
export type ProtectionValuesResponse = Answer<typeof protectionValuesResponse>;
export type SltpValues = Answer<typeof sltpResponse>;
export type BotHistoryRow = Answer<typeof historyResponse>[number];
export type DisclaimerCheckResponse = Answer<typeof disclaimerCheckResponse>;
export type PieChartResponse = Answer<typeof pieChartResponse>;
export type PieSlice = PieChartResponse['chartData'][number];
export type TotalProfitBookResponse = Answer<typeof totalProfitBookResponse>;
export type BotMessageResponse = MessageAnswer;

/** GET /api/events: server-sent events, `event: <kind>`, `id: <sequence>`, `data: <json>`. */
export type MemberEvent =
  | { kind: 'bot.started'; botID: string; name: string; at: string }
  | { kind: 'bot.stopped'; botID: string; name: string; reason: StopReason; status: BotStatusLabel; at: string }
  | { kind: 'bot.orderFailed'; botID: string; name: string; message: string; at: string }
  /** A cycle was started (its first buy is about to rest): live counts follow it. */
  | { kind: 'cycle.started'; cycleID: string; name: string; at: string }
  /** A cycle did its last round (cycles_completed = no_of_cycle). */
  | { kind: 'cycle.completed'; cycleID: string; name: string; cycles: number; profit: string; at: string }
  /** A cycle stopped: its stop loss, the member, a liquidation or an exchange error. */
  | { kind: 'cycle.stopped'; cycleID: string; name: string; reason: CycleStopReason; at: string }
  | { kind: 'cycle.orderFailed'; cycleID: string; name: string; message: string; at: string };
export type MemberEventKind = MemberEvent['kind'];
