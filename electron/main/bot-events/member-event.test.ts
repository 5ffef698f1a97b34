import { describe, expect, it } from 'vitest';
import { STOP_REASONS, STOP_REASON_TEXT, type MemberEvent } from '../../../common/api/bots';
import { notificationFor, parseMemberEvent } from './member-event';

const at = '2026-11-23T09:00:00.000Z';
const stopped = (
  over: Partial<Extract<MemberEvent, { kind: 'bot.stopped' }>> = {},
): MemberEvent => ({
  kind: 'bot.stopped',
  botID: 'bot-7',
  name: 'BTCUSDT',
  reason: 'stoploss',
  status: 'Stopped',
  at,
  ...over,
});

describe('parseMemberEvent', () => {
  it('reads a well-formed event', () => {
    const event = stopped();
    expect(
      parseMemberEvent({ event: 'bot.stopped', id: '3', data: JSON.stringify(event) }),
    ).toEqual(event);
  });

  it('takes the kind from the SSE event name when the data leaves it out', () => {
    const { kind: _kind, ...data } = stopped();
    expect(parseMemberEvent({ event: 'bot.stopped', data: JSON.stringify(data) })).toEqual(
      stopped(),
    );
  });

  it.each([
    ['not JSON', 'bot.stopped', '{oops'],
    ['not an object', 'bot.stopped', '[1]'],
    ['an unknown kind', 'cycle.completed', '{"kind":"cycle.completed","cycleID":"c1"}'],
    [
      'a missing field',
      'bot.stopped',
      '{"kind":"bot.stopped","botID":"b","name":"BTCUSDT","status":"Stopped"}',
    ],
    [
      'a field of the wrong type',
      'bot.orderFailed',
      '{"kind":"bot.orderFailed","botID":"b","name":"X","message":7}',
    ],
  ])('drops %s', (_what, event, data) => {
    expect(parseMemberEvent({ event, data })).toBeNull();
  });
});

describe('notificationFor', () => {
  it('names the stopped bot, says why and opens History on click', () => {
    expect(notificationFor(stopped())).toEqual({
      title: 'BTC/USDT bot stopped',
      body: STOP_REASON_TEXT.stoploss,
      route: '/history',
    });
  });

  it('says a paused bot paused and opens its own page, where it restarts', () => {
    expect(notificationFor(stopped({ botID: 'bot 9', reason: 'pause', status: 'Pause' }))).toEqual({
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
      title: 'ETH/USDT bot: an order failed',
      body: 'Order rejected: price filter',
      route: '/running-bot/bot-7',
    });
  });

  it('keeps quiet about a start', () => {
    expect(
      notificationFor({ kind: 'bot.started', botID: 'bot-7', name: 'BTCUSDT', at }),
    ).toBeNull();
  });
});
