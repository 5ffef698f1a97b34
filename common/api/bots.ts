/**
 * Shapes of the Bots and Dashboard calls (SPEC sections 3 and 7; issue 8), field names exactly
 * as SPEC writes them (`cummulativeQuoteQty`, `trades24h`, `roi` carrying the APY). Money,
 * prices and quantities are decimal strings; counts are numbers.
 */
import type { CycleStopReason, StopReason } from './stop-reasons';

export type BotCategory = 'Spot' | 'Future';
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
export interface StartBotResponse {
  message: string;
  botID: string;
}

/** GET /api/features: what the server has switched on. */
export interface FeaturesResponse {
  futuresEnabled: boolean;
}

/** One point of a bot's sparkline: realized PnL over time. */
export interface SparklinePoint {
  time: number;
  value: string;
}

/** GET /api/botstatus item (the member's Live and Pause bots) and GET /api/livebotdata item. */
export interface LiveBot {
  id: string;
  /** Symbol, e.g. 'BTCUSDT' (shown as BTC/USDT). */
  name: string;
  category: BotCategory;
  tradeType: string;
  strategy_name: string;
  status: BotStatusLabel;
  liveprice: string;
  /** Whole days since the start. */
  runtime: number;
  /** The APY, as SPEC shows it (percent). */
  roi: string;
  investment: string;
  /** Realized PnL, fees included. */
  pnl: string;
  /** Number of filled orders. */
  trades24h: number;
  grid_no: number;
  total_grid: number;
  sparklineData: SparklinePoint[];
  /** UTC date (YYYY-MM-DD) -> realized PnL of that day. */
  datewiseprofit: Record<string, string>;
  /** Future only. */
  leverage?: number | null;
}

export interface BotIdRequest {
  botID: string;
}

/** POST /api/botinfo. */
export interface BotInfo {
  name: string;
  category: BotCategory;
  leverage: number | null;
  strategy_name: string;
  liveprice: string;
  status: BotStatusLabel;
  runtime: number;
  roi: string;
  trades24h: number;
  grid_no: number;
  total_grid: number;
  last_buying_price: string | null;
  investment: string;
  pnl: string;
  botstartdate: string;
  datewiseprofit: Record<string, string>;
  sparklineData: SparklinePoint[];
  overbuy_protection_value: number | null;
  /** Set once stopped: why, and when. */
  stopReason: StopReason | null;
  botstopdate: string | null;
  /** The pair's price step (tickSize) and quantity step (stepSize) the bot trades on: its prices and quantities show their decimals. */
  tickSize: string | null;
  stepSize: string | null;
}

export interface OrderBookRow {
  /** ISO time of the fill. */
  date: string;
  price: string;
  type: 'BUY' | 'SELL';
  quantity: string;
  /** Quote amount of the fill (SPEC's spelling). */
  cummulativeQuoteQty: string;
  /** Realized PnL of a sell; '0' for a buy. */
  pnl: string;
}
/** POST /api/orderbook: every filled order of the bot, newest first. */
export interface OrderBookResponse {
  orders: OrderBookRow[];
}

/** POST /api/purchasedQty. */
export interface PurchasedQtyResponse {
  totalQuantity: string;
  /** Held cost / held quantity, or null with nothing held. */
  avgPrice: string | null;
  /** Realized + unrealized at the live price. */
  totalpnl: string;
  /** Realized. */
  pnl: string;
}

/** POST /api/position (futures): null for a spot bot or with nothing held. */
export interface PositionResponse {
  liquidationPrice: string | null;
}

/** POST /api/stopbot. `botData` is accepted as SPEC sends it and ignored. */
export interface StopBotRequest {
  botID: string;
  botData?: unknown;
}
export interface StopBotWithSellRequest extends StopBotRequest {
  totalPnl?: unknown;
}

/** POST /api/editprofitbookat (null resets). */
export interface EditProfitBookRequest {
  botID: string;
  profitBookValue: number | string | null;
}
/** POST /api/profitbookat. */
export interface ProfitBookResponse {
  profitbookat: string | null;
}

/** POST /api/gridprotectionadd (null value + inactive resets). */
export interface GridProtectionRequest {
  botID: string;
  overbuyProtectionValue: number | string | null;
  protectionActive: boolean;
}
/** POST /api/protectionvalues. */
export interface ProtectionValuesResponse {
  is_protection_active: boolean;
  protection_grid_at: number | null;
}

/** POST /api/sltp -> the bot's SL/TP values. */
export interface SltpValues {
  sell_all_and_pause_at_price: string | null;
  restart_at_price: string | null;
  stoploss_and_stopbot_at_price: string | null;
}
/** POST /api/sltpedit (all null resets). */
export interface SltpEditRequest {
  botID: string;
  sellAllAndPausePrice: number | string | null;
  restartPrice: number | string | null;
  stoplossPrice: number | string | null;
}

export interface BotMessageResponse {
  message: string;
}

/** GET /api/bothistory, /api/scalpbothistory, /api/cyclebothistory rows. */
export interface BotHistoryRow {
  id: string;
  symbol: string;
  /** 'System Strategy' when a system strategy ran. */
  strategy_name: string;
  /** Whole days run. */
  runtime: number;
  investment: string;
  /** Realized profit booked (sum of winning sells). */
  profit: string;
  /** Realized loss booked (sum of losing sells, negative), or 'NA' when none. */
  lossbook: string;
  totalpnl: string;
  /** Percent of the investment. */
  roi: string;
  botstarttime: string;
  botstoptime: string | null;
  /** Price of the last trade or the stop, when known. */
  stopAt: string | null;
  trades: number;
  stopReason: StopReason | null;
}

/** GET /api/disclaimeragreementcheck. */
export interface DisclaimerCheckResponse {
  agreed: boolean;
}
/** POST /api/disclaimer. */
export interface DisclaimerRequest {
  disclaimerAgree: true;
}

export interface PieSlice {
  label: string;
  value: string;
}
/** GET /api/pichart: the spot USDT wallet split by bot, plus what is free to use. */
export interface PieChartResponse {
  chartData: PieSlice[];
  /** Total USDT in the spot wallet (free + locked). */
  usdt: string;
  /** Free to use for a new bot: wallet USDT minus what live bots still hold in reserve. */
  availableBalance: string;
}

/** GET /api/totalprofitbookdata over every bot of the member. */
export interface TotalProfitBookResponse {
  totalProfit: string;
  lossBook: string;
  totalpnl: string;
}

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
