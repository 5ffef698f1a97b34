import { describe, expect, it } from 'vitest';
import { SERVER, UI } from '../../../common/messages';
import { ApiError } from '../../api/bridge';
import { formatDateTime, formatPercent, isLoss, minus, moneyOr, symbolImagePath } from './format';
import { startBotErrorMessage } from './startErrors';
import { pageCount, pageWindow } from './TablePager';

describe('bot formatting', () => {
  it('points at /img/symbols/{name}.png', () => {
    expect(symbolImagePath('BTCUSDT')).toBe('/img/symbols/BTCUSDT.png');
  });

  it('writes money to 2 decimals, half up, and falls back for non-numbers', () => {
    expect(moneyOr('12.345', '-')).toBe('12.35');
    expect(moneyOr('-3.005', '-')).toBe('-3.01');
    expect(moneyOr('NA', '-')).toBe('-');
    expect(moneyOr(null, '-')).toBe('-');
    expect(formatPercent('48.2')).toBe('48.20%');
  });

  it('treats 0 as a gain and anything below as a loss', () => {
    expect(isLoss('0')).toBe(false);
    expect(isLoss('-0')).toBe(false);
    expect(isLoss('-0.01')).toBe(true);
    expect(isLoss('5')).toBe(false);
    expect(isLoss('x')).toBe(false);
  });

  it('subtracts exactly', () => {
    expect(minus('1000.5', '400.25')).toBe('600.25');
    expect(minus('0.3', '0.1')).toBe('0.2');
    expect(minus('1', null)).toBeNull();
  });

  it('writes a local date and time, or nothing for a bad date', () => {
    expect(formatDateTime('2026-11-05T10:00:00')).toBe('2026-11-05 10:00:00');
    expect(formatDateTime('soon')).toBe('');
    expect(formatDateTime(null)).toBe('');
  });
});

describe('start bot errors (SPEC section 8)', () => {
  it.each([
    [new ApiError(400, `${SERVER.insufficientBalance}: 3 USDT free`, 'bot.insufficient_balance'), `${SERVER.insufficientBalance}: 3 USDT free`],
    [new ApiError(500, 'Invalid API-key'), UI.apiKeyOrIp],
    [new ApiError(400, 'The exchange rejected your API key.', 'keys.rejected'), UI.apiKeyOrIp],
    [new ApiError(400, 'Buy a subscription first'), 'Buy a subscription first'],
    [new ApiError(403, ''), UI.genericError],
    [new ApiError(0, 'socket hang up'), UI.noResponse],
    [new TypeError('x is undefined'), UI.submitFailed],
  ])('maps %s', (error, message) => {
    expect(startBotErrorMessage(error)).toBe(message);
  });
});

describe('table pager', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 7, [1, 2, 3, 4, 5]],
    [4, 7, [2, 3, 4, 5, 6]],
    [7, 7, [3, 4, 5, 6, 7]],
    [6, 7, [3, 4, 5, 6, 7]],
  ])('page %i of %i offers %j', (page, pages, expected) => {
    expect(pageWindow(page, pages)).toEqual(expected);
  });

  it('counts pages of 20 rows, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});
