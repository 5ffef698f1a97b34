// ccxt's error classes alone: the package entry would load its ~110 exchanges (2.4 s and 90 MB
// more here, under load) for classes that live in this one module; ccxt-binance.ts imports by path the same way.
import * as ccxt from '../../node_modules/ccxt/js/src/base/errors.js';
import { describe, expect, it } from 'vitest';
import { ExchangeError, exchangeReason, mapExchangeError, withRetry } from './errors';

const body = (code: number, msg: string) => `binance {"code":${code},"msg":"${msg}"}`;

describe('mapExchangeError', () => {
  it.each([
    [
      'AuthenticationError',
      new ccxt.AuthenticationError(body(-2015, 'Invalid API-key, IP, or permissions for action.')),
      false,
      'auth',
    ],
    [
      'BadRequest -1022 (wrong secret)',
      new ccxt.BadRequest(body(-1022, 'Signature for this request is not valid.')),
      false,
      'auth',
    ],
    ['PermissionDenied', new ccxt.PermissionDenied('binance no permission'), false, 'permission'],
    [
      'InsufficientFunds',
      new ccxt.InsufficientFunds(body(-2010, 'Account has insufficient balance for requested action.')),
      true,
      'insufficient_funds',
    ],
    ['InvalidOrder', new ccxt.InvalidOrder(body(-1013, 'Filter failure: NOTIONAL')), true, 'invalid_order'],
    ['OrderNotFound', new ccxt.OrderNotFound(body(-2013, 'Order does not exist.')), false, 'not_found'],
    [
      '-2022 reduce-only sell beyond the position',
      new ccxt.InvalidOrder(body(-2022, 'ReduceOnly Order is rejected.')),
      true,
      'position_changed',
    ],
    ['RequestTimeout on a read', new ccxt.RequestTimeout('timed out'), false, 'temporary'],
    ['RequestTimeout on a submit', new ccxt.RequestTimeout('timed out'), true, 'unknown_outcome'],
    [
      '-1007 5xx on a submit',
      new ccxt.BadResponse(body(-1007, 'Timeout waiting for response from backend server.')),
      true,
      'unknown_outcome',
    ],
    ['ExchangeNotAvailable on a submit', new ccxt.ExchangeNotAvailable('503'), true, 'unknown_outcome'],
    [
      'RateLimitExceeded on a submit (never sent)',
      new ccxt.RateLimitExceeded(body(-1003, 'Too much request weight used')),
      true,
      'temporary',
    ],
    ['DDoSProtection (418)', new ccxt.DDoSProtection('banned'), false, 'temporary'],
    ['BadSymbol', new ccxt.BadSymbol(body(-1121, 'Invalid symbol.')), false, 'unknown_symbol'],
    ['DuplicateOrderId', new ccxt.DuplicateOrderId(body(-2010, 'Duplicate order sent.')), true, 'duplicate_order'],
    // ccxt gives a reused newClientOrderId no class of its own: Binance's documented reason tells it apart.
    [
      '-2010 Duplicate order sent. on a submit',
      new ccxt.InvalidOrder(body(-2010, 'Duplicate order sent.')),
      true,
      'duplicate_order',
    ],
    [
      '-2010 with another reason',
      new ccxt.InvalidOrder(body(-2010, 'Order would immediately match and take.')),
      true,
      'invalid_order',
    ],
    ['BadRequest', new ccxt.BadRequest(body(-1102, 'Mandatory parameter was not sent.')), false, 'rejected'],
    ['a plain Error', new Error('socket hang up'), false, 'temporary'],
  ])('%s -> kind', (_name, error, submit, kind) => {
    expect(mapExchangeError(error, submit).kind).toBe(kind);
  });

  it('keeps the exchange reason and explains key problems', () => {
    expect(exchangeReason(new ccxt.InvalidOrder(body(-1013, 'Filter failure: NOTIONAL')))).toBe('Filter failure: NOTIONAL');
    expect(mapExchangeError(new ccxt.AuthenticationError(body(-2015, 'Invalid API-key'))).message).toMatch(
      /rejected your API key.*Invalid API-key/,
    );
  });
});

describe('withRetry', () => {
  it('retries temporary errors with bounded, jittered backoff and surfaces the rest at once', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls += 1;
          throw new ccxt.RequestTimeout('t');
        },
        { attempts: 4, baseMs: 100, sleep, random: () => 0.5 },
      ),
    ).rejects.toMatchObject({ kind: 'temporary' });
    expect(calls).toBe(4);
    expect(waits).toEqual([50, 100, 200]);
    calls = 0;
    await expect(
      withRetry(
        async () => {
          calls += 1;
          throw new ccxt.InsufficientFunds('x');
        },
        { sleep },
      ),
    ).rejects.toBeInstanceOf(ExchangeError);
    expect(calls).toBe(1);
    let flaky = 0;
    expect(
      await withRetry(async () => (++flaky < 3 ? Promise.reject(new ccxt.ExchangeNotAvailable('x')) : 'ok'), { sleep }),
    ).toBe('ok');
  });
});
