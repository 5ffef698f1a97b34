import { describe, expect, it } from 'vitest';
import type { MemberEvent } from '../../../common/api/bots';
import {
  STOP_REASONS,
  STOP_REASON_TEXT,
  CYCLE_BELOW_MINIMUM_TEXT,
  CYCLE_HELD_BELOW_MINIMUM_TEXT,
} from '../../../common/api/stop-reasons';
import { historyTabPath } from '../../../common/routes';
import { notificationFor, parseMemberEvent } from './member-event';
import { botStopped } from '../testing/member-events';

const at = '2026-11-23T09:00:00.000Z';
const stopped = (over: Parameters<typeof botStopped>[0] = {}): MemberEvent => botStopped({ botID: 'bot-7', ...over });

describe('parseMemberEvent', () => {
  it('reads a well-formed event', () => {
    const event = stopped();
    expect(parseMemberEvent({ event: 'bot.stopped', id: '3', data: JSON.stringify(event) })).toEqual(event);
  });

  it('takes the kind from the SSE event name when the data leaves it out', () => {
    const { kind: _kind, ...data } = stopped();
    expect(parseMemberEvent({ event: 'bot.stopped', data: JSON.stringify(data) })).toEqual(stopped());
  });

  it.each([
    ['not JSON', 'bot.stopped', '{oops'],
    ['not an object', 'bot.stopped', '[1]'],
    ['an unknown kind', 'cycle.paused', '{"kind":"cycle.paused","cycleID":"c1","name":"BTCUSDT"}'],
    ['a cycle completion without its fields', 'cycle.completed', '{"kind":"cycle.completed","cycleID":"c1"}'],
    [
      'a cycle completion without its count of cycles',
      'cycle.completed',
      '{"kind":"cycle.completed","cycleID":"c1","name":"BTCUSDT","profit":"1"}',
    ],
    [
      'a cycle completion whose count is not a number',
      'cycle.completed',
      '{"kind":"cycle.completed","cycleID":"c1","name":"BTCUSDT","profit":"1","cycles":"3"}',
    ],
    ['a cycle stop without its reason', 'cycle.stopped', '{"kind":"cycle.stopped","cycleID":"c1","name":"BTCUSDT"}'],
    ['a missing field', 'bot.stopped', '{"kind":"bot.stopped","botID":"b","name":"BTCUSDT","status":"Stopped"}'],
    ['a field of the wrong type', 'bot.orderFailed', '{"kind":"bot.orderFailed","botID":"b","name":"X","message":7}'],
  ])('drops %s', (_what, event, data) => {
    expect(parseMemberEvent({ event, data })).toBeNull();
  });
});

describe('notificationFor', () => {
  it('names the stopped bot, says why and opens History on click', () => {
    expect(notificationFor(stopped())).toEqual({
      kind: 'botStopped',
      title: 'BTC/USDT bot stopped',
      body: STOP_REASON_TEXT.stoploss,
      route: '/history',
    });
  });

  it('says a paused bot paused and opens its own page, where it restarts', () => {
    expect(notificationFor(stopped({ botID: 'bot 9', reason: 'pause', status: 'Pause' }))).toEqual({
      kind: 'botStopped',
      title: 'BTC/USDT bot paused',
      body: STOP_REASON_TEXT.pause,
      route: '/running-bot/bot%209',
    });
  });

  it.each(STOP_REASONS)('explains the reason %s in the member words', (reason) => {
    expect(notificationFor(stopped({ reason }))?.body).toBe(STOP_REASON_TEXT[reason]);
  });

  it('still says something for a reason a newer server added', () => {
    const event = stopped({ reason: 'maintenance' as never });
    expect(notificationFor(event)?.body).toBe('The bot stopped.');
  });

  it('passes a failed order message on and opens the bot', () => {
    const failed: MemberEvent = {
      kind: 'bot.orderFailed',
      botID: 'bot-7',
      name: 'ETHUSDT',
      message: 'Order rejected: price filter',
      at,
    };
    expect(notificationFor(failed)).toEqual({
      kind: 'orderFailed',
      title: 'ETH/USDT bot: an order failed',
      body: 'Order rejected: price filter',
      route: '/running-bot/bot-7',
    });
  });

  it('keeps quiet about a start, a bot or a cycle', () => {
    expect(notificationFor({ kind: 'bot.started', botID: 'bot-7', name: 'BTCUSDT', at })).toBeNull();
    expect(notificationFor({ kind: 'cycle.started', cycleID: 'cy-7', name: 'BTCUSDT', at })).toBeNull();
  });
});

describe('cycle events', () => {
  const completed = (over: Partial<Extract<MemberEvent, { kind: 'cycle.completed' }>> = {}): MemberEvent => ({
    kind: 'cycle.completed',
    cycleID: 'cy-1',
    name: 'ETHUSDT',
    cycles: 3,
    profit: '12.345',
    at,
    ...over,
  });
  const cycleStopped = (reason: Extract<MemberEvent, { kind: 'cycle.stopped' }>['reason']): MemberEvent => ({
    kind: 'cycle.stopped',
    cycleID: 'cy-1',
    name: 'ETHUSDT',
    reason,
    at,
  });

  it('reads a completion with its count and id, from the data or the SSE event name', () => {
    const event = completed();
    expect(parseMemberEvent({ event: 'cycle.completed', id: '9', data: JSON.stringify(event) })).toEqual(event);
    const { kind: _kind, ...data } = event;
    expect(parseMemberEvent({ event: 'cycle.completed', data: JSON.stringify(data) })).toEqual(event);
  });

  it('reads a start with the cycle id (the tray counts it)', () => {
    const event: MemberEvent = { kind: 'cycle.started', cycleID: 'cy-2', name: 'ETHUSDT', at };
    expect(parseMemberEvent({ event: 'cycle.started', id: '3', data: JSON.stringify(event) })).toEqual(event);
    expect(parseMemberEvent({ event: 'cycle.started', data: JSON.stringify({ ...event, cycleID: 7 }) })).toBeNull();
  });

  it('reads a stop loss stop with the cycle id', () => {
    const event = cycleStopped('stoploss');
    expect(parseMemberEvent({ event: 'cycle.stopped', data: JSON.stringify(event) })).toEqual(event);
  });

  it("tells a completion with its rounds and profit to 2 decimals, and opens History's Cycle tab", () => {
    expect(notificationFor(completed())).toEqual({
      kind: 'cycleCompleted',
      title: 'ETH/USDT cycle completed',
      body: 'All 3 cycles done. Profit: 12.35 USDT',
      route: '/history?tab=cycle',
    });
    expect(historyTabPath('cycle')).toBe('/history?tab=cycle');
  });

  it('says a one-round cycle is done without "All 1 cycles", and shows a loss as a loss', () => {
    expect(notificationFor(completed({ cycles: 1, profit: '-3.2' }))?.body).toBe('The cycle is done. Profit: -3.20 USDT');
  });

  it('passes on a profit it cannot read as the server wrote it', () => {
    expect(notificationFor(completed({ profit: 'n/a' }))?.body).toBe('All 3 cycles done. Profit: n/a USDT');
  });

  it("tells a stop loss ended the cycle and opens History's Cycle tab", () => {
    expect(notificationFor(cycleStopped('stoploss'))).toEqual({
      kind: 'cycleStopped',
      title: 'ETH/USDT cycle stopped',
      body: STOP_REASON_TEXT.stoploss,
      route: '/history?tab=cycle',
    });
  });

  it('explains a cycle stopped under the exchange minimum (its amount, or what it holds), and a reason a newer server added', () => {
    expect(notificationFor(cycleStopped('belowMinimum'))?.body).toBe(CYCLE_BELOW_MINIMUM_TEXT);
    expect(notificationFor(cycleStopped('heldBelowMinimum'))?.body).toBe(CYCLE_HELD_BELOW_MINIMUM_TEXT);
    expect(notificationFor(cycleStopped('maintenance' as never))?.body).toBe('The cycle stopped.');
  });

  it('passes a failed order message on and opens the Cycle page, where the cycle still runs', () => {
    const failed: MemberEvent = {
      kind: 'cycle.orderFailed',
      cycleID: 'cy-1',
      name: 'ETHUSDT',
      message: 'Order rejected: price filter',
      at,
    };
    expect(notificationFor(failed)).toEqual({
      kind: 'orderFailed',
      title: 'ETH/USDT cycle: an order failed',
      body: 'Order rejected: price filter',
      route: '/cycle',
    });
  });
});
