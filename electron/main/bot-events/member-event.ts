/**
 * One message of GET /api/events read as a MemberEvent, and the notification it raises.
 * Pure: the feed (bot-event-feed.ts) does the I/O.
 */
import type { MemberEvent, MemberEventKind } from '../../../common/api/bots';
import { STOP_REASON_TEXT, cycleStopReasonText } from '../../../common/api/stop-reasons';
import { pairLabel } from '../../../common/pairs';
import { formatMoney } from '../../../common/money';
import { historyTabPath, routePath } from '../../../common/routes';
import type { SseMessage } from '../market-feed/sse-parser';
import type { Notification } from '../ports/types';

/** The string fields each kind must carry; a kind added to MemberEvent gets one line here. */
const REQUIRED_FIELDS: Record<MemberEventKind, readonly string[]> = {
  'bot.started': ['botID', 'name'],
  'bot.stopped': ['botID', 'name', 'reason', 'status'],
  'bot.orderFailed': ['botID', 'name', 'message'],
  'cycle.started': ['cycleID', 'name'],
  'cycle.completed': ['cycleID', 'name', 'profit'],
  'cycle.stopped': ['cycleID', 'name', 'reason'],
  'cycle.orderFailed': ['cycleID', 'name', 'message'],
};

/** Number fields a kind must carry (finite), beside its strings. */
const NUMBER_FIELDS: Partial<Record<MemberEventKind, readonly string[]>> = {
  'cycle.completed': ['cycles'],
};

const isKind = (value: unknown): value is MemberEventKind => typeof value === 'string' && Object.hasOwn(REQUIRED_FIELDS, value);

/**
 * The event a message carries, or null when it is not one this app knows (a kind a newer
 * server added, malformed JSON): the renderer's listeners only ever get well-formed events.
 * The kind comes from the JSON, else from the SSE `event:` field.
 */
export function parseMemberEvent(message: SseMessage): MemberEvent | null {
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch {
    return null;
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  const kind = record.kind ?? message.event;
  if (!isKind(kind)) return null;
  if (!REQUIRED_FIELDS[kind].every((field) => typeof record[field] === 'string')) return null;
  if (!(NUMBER_FIELDS[kind] ?? []).every((field) => Number.isFinite(record[field]))) return null;
  return { ...record, kind } as MemberEvent;
}

const runningBotRoute = (botID: string) => routePath('runningBot', { id: botID });

/** 'All 3 cycles done. Profit: 12.35 USDT' (money to 2 decimals, SPEC section 9). */
function cycleCompletedText(cycles: number, profit: string): string {
  const done = cycles === 1 ? 'The cycle is done.' : `All ${cycles} cycles done.`;
  let money = profit;
  try {
    money = formatMoney(profit);
  } catch {
    // A profit this app cannot read is passed on as the server wrote it.
  }
  return `${done} Profit: ${money} USDT`;
}

/** A finished cycle is a row of History's Cycle tab. */
const cycleHistoryRoute = historyTabPath('cycle');

/**
 * What the member is told about an event, or null for events that need no notification.
 * A paused bot can restart, so its click opens the bot; a stopped one lives in History.
 */
export function notificationFor(event: MemberEvent): Notification | null {
  const pair = pairLabel(event.name);
  switch (event.kind) {
    case 'bot.stopped': {
      const paused = event.status === 'Pause';
      return {
        kind: 'botStopped',
        title: `${pair} bot ${paused ? 'paused' : 'stopped'}`,
        body: STOP_REASON_TEXT[event.reason] ?? `The bot ${paused ? 'paused' : 'stopped'}.`,
        route: paused ? runningBotRoute(event.botID) : routePath('history'),
      };
    }
    case 'bot.orderFailed':
      return {
        kind: 'orderFailed',
        title: `${pair} bot: an order failed`,
        body: event.message,
        route: runningBotRoute(event.botID),
      };
    case 'bot.started':
    case 'cycle.started':
      return null;
    // A finished cycle lives in History's Cycle tab; a cycle whose order failed is still on the Cycle page.
    case 'cycle.completed':
      return {
        kind: 'cycleCompleted',
        title: `${pair} cycle completed`,
        body: cycleCompletedText(event.cycles, event.profit),
        route: cycleHistoryRoute,
      };
    case 'cycle.stopped':
      return {
        kind: 'cycleStopped',
        title: `${pair} cycle stopped`,
        body: cycleStopReasonText(event.reason),
        route: cycleHistoryRoute,
      };
    case 'cycle.orderFailed':
      return { kind: 'orderFailed', title: `${pair} cycle: an order failed`, body: event.message, route: routePath('cycle') };
  }
}
