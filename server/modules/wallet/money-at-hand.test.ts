import { describe, expect, it } from 'vitest';
import { holdingsFor, holdingsOf, moneyAtHand, type BotHoldingRow, type CycleHoldingRow } from './money-at-hand';

const bot = (over: Partial<BotHoldingRow> = {}): BotHoldingRow => ({
  id: 'b0b0b0b0-0000-4000-8000-000000000001',
  symbol: 'BTCUSDT',
  category: 'Spot',
  leverage: null,
  investment: '1000',
  heldQty: '0',
  heldCost: '0',
  ...over,
});
const cycle = (over: Partial<CycleHoldingRow> = {}): CycleHoldingRow => ({
  id: 'c1c1c1c1-0000-4000-8000-000000000002',
  symbol: 'ETHUSDT',
  category: 'Spot',
  amount: '100',
  heldQty: '0',
  heldCost: '0',
  ...over,
});

describe('money at hand', () => {
  it("takes a Spot bot's unspent investment from the free USDT, as the dashboard's available balance does", () => {
    // The reported case: 9900.32 free on the exchange, a bot keeping 900.32 for its next buys.
    const holdings = holdingsOf([bot({ investment: '1000', heldCost: '99.68', heldQty: '0.00148' })], []);
    expect(moneyAtHand({ free: '9900.32', total: '9900.32' }, holdingsFor(holdings, 'spot', 'USDT'))).toEqual({
      free: '9000',
      inBots: '900.32',
      holders: [{ kind: 'bot', id: bot().id, label: 'BTC/USDT b0b0b0', amount: '900.32' }],
    });
    expect(moneyAtHand({ free: '0.002', total: '0.002' }, holdingsFor(holdings, 'spot', 'BTC'))).toEqual({
      free: '0.00052',
      inBots: '0.00148',
      holders: [{ kind: 'bot', id: bot().id, label: 'BTC/USDT b0b0b0', amount: '0.00148' }],
    });
  });

  it('never goes below 0 and computes in decimals', () => {
    const holdings = holdingsOf([bot({ investment: '0.3' })], []);
    expect(moneyAtHand({ free: '0.1', total: '0.1' }, holdings).free).toBe('0');
    expect(
      moneyAtHand({ free: '0.3', total: '0.3' }, holdingsOf([bot({ investment: '0.1' }), bot({ investment: '0.1' })], [])).free,
    ).toBe('0.1');
    expect(moneyAtHand(undefined, holdings)).toMatchObject({ free: '0', inBots: '0.3' });
  });

  it("does not count twice what a cycle's resting order has the exchange lock already", () => {
    const resting = holdingsOf([], [cycle()]);
    // 100 USDT locked by its buy order: the exchange's free is the member's.
    expect(moneyAtHand({ free: '500', total: '600' }, holdingsFor(resting, 'spot', 'USDT'))).toMatchObject({
      free: '500',
      inBots: '100',
    });
    // Its order not resting yet: the 100 still sit in free and are the cycle's.
    expect(moneyAtHand({ free: '600', total: '600' }, holdingsFor(resting, 'spot', 'USDT'))).toMatchObject({
      free: '500',
      inBots: '100',
    });
    // Holding coins: nothing of USDT, its coins.
    const holding = holdingsOf([], [cycle({ heldQty: '0.05', heldCost: '100' })]);
    expect(holdingsFor(holding, 'spot', 'USDT')).toEqual([]);
    expect(moneyAtHand({ free: '0.01', total: '0.06' }, holdingsFor(holding, 'spot', 'ETH'))).toMatchObject({
      free: '0.01',
      inBots: '0.05',
    });
  });

  it("leaves a member's own resting order out of free without crediting it to the bots", () => {
    const holdings = holdingsOf([bot({ investment: '80' })], []);
    expect(moneyAtHand({ free: '100', total: '150' }, holdings)).toMatchObject({ free: '20', inBots: '80' });
  });

  it('puts Future bots and cycles in the futures wallet: unused margin free, position margin locked', () => {
    const holdings = holdingsOf(
      [bot({ category: 'Future', leverage: 5, investment: '500', heldCost: '1000' })],
      [cycle({ category: 'Future', amount: '50' })],
    );
    expect(holdingsFor(holdings, 'spot', 'USDT')).toEqual([]);
    const usdt = holdingsFor(holdings, 'futures', 'USDT');
    // 200 used by the bot's position and 50 by the cycle's order are locked; 300 of the bot waits in free.
    expect(moneyAtHand({ free: '1300', total: '1550' }, usdt)).toMatchObject({ free: '1000', inBots: '550' });
    expect(moneyAtHand({ free: '1300', total: '1550' }, usdt).holders.map((h) => [h.kind, h.amount])).toEqual([
      ['bot', '500'],
      ['cycle', '50'],
    ]);
  });

  it('lists nothing for empty holdings or a symbol without a known quote', () => {
    expect(holdingsOf([bot({ investment: '0' })], [cycle({ symbol: 'WBTC', amount: '0' })])).toEqual([]);
    expect(moneyAtHand({ free: '5', total: '5' }, [])).toEqual({ free: '5', inBots: '0', holders: [] });
  });
});
