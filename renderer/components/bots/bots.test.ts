import { describe, expect, it } from 'vitest';
import { SERVER, UI } from '../../../common/messages';
import { ApiError } from '../../api/bridge';
import { baseAsset, symbolImagePath } from './symbol';
import { startBotErrorMessage } from './startErrors';
import { pageCount, pageWindow } from './TablePager';

describe('bot symbols', () => {
  it('points at /img/symbols/{name}.png', () => {
    expect(symbolImagePath('BTCUSDT')).toBe('/img/symbols/BTCUSDT.png');
  });

  it('takes the base asset before USDT, and keeps any other name whole', () => {
    expect(baseAsset('BTCUSDT')).toBe('BTC');
    expect(baseAsset('WBTC')).toBe('WBTC');
  });
});

describe('start bot errors (SPEC section 8)', () => {
  it.each([
    [
      new ApiError(400, `${SERVER.insufficientBalance}: 3 USDT free`, 'bot.insufficient_balance'),
      `${SERVER.insufficientBalance}: 3 USDT free`,
    ],
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
