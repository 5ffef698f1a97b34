/** Cards the bots module writes from their parts equal what the route's response schema would write. */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { LiveBot } from '../../../common/api/bots';
import type { Db } from '../../db/database';
import { liveBotList } from '../../../common/api/bots';
import { cardJson, datewiseJson, type CardHead } from './card-json';

const head: CardHead = {
  id: '7c1e1b0e-3f0a-4c55-9b43-8a3f0f0f0f0f',
  name: 'BTCUSDT',
  category: 'Spot',
  tradeType: 'Advanced Multigrid',
  strategy_name: 'Mine "best" \\ grid \u2028 ünïcode',
  status: 'Live',
  liveprice: '50000.01',
  runtime: 10,
  roi: '91.25',
  investment: '1000',
  pnl: '-0.5',
  trades24h: 4,
  grid_no: 1,
  total_grid: 5,
  leverage: null,
};
/** The cards as Fastify writes them through the route's response schema. */
async function schemaWrites(cards: LiveBot[]): Promise<string> {
  const app = Fastify();
  app.get('/', { schema: { response: { 200: liveBotList } } }, () => cards);
  const res = await app.inject({ url: '/' });
  await app.close();
  return res.body;
}
/** A fresh database handle each time: the caches are kept per database. */
const freshDb = () => ({}) as Db;

describe('cardJson', () => {
  it("writes what the response schema writes, strings escaped, a future's leverage kept", async () => {
    const sparklineData = [
      { time: 1_763_000_000_000, value: '30' },
      { time: 1_763_000_360_000, value: '25.5' },
    ];
    const datewiseprofit = { '2026-11-13': '30', '2026-11-14': '-5' };
    const future: CardHead = { ...head, category: 'Future', leverage: 3 };
    for (const card of [head, future]) {
      const full: LiveBot = { ...card, sparklineData, datewiseprofit };
      const written = cardJson(card, JSON.stringify(sparklineData), JSON.stringify(datewiseprofit));
      expect(JSON.parse(`[${written}]`)).toEqual(JSON.parse(await schemaWrites([full])));
    }
  });

  it('writes a bot that never traded with an empty line and no days', () => {
    const db = freshDb();
    const written = cardJson(head, '[]', datewiseJson(db, head.id, 0, null));
    expect(JSON.parse(written)).toEqual({ ...head, sparklineData: [], datewiseprofit: {} });
  });
});

describe('datewiseJson', () => {
  it("writes the core's days as plain decimals", () => {
    expect(
      JSON.parse(datewiseJson(freshDb(), 'b', 1, '{"2026-11-13": "1.50", "2026-11-14": "-0", "2026-11-15": "1e-7"}')),
    ).toEqual({ '2026-11-13': '1.5', '2026-11-14': '0', '2026-11-15': '0.0000001' });
  });

  it('keeps a drawn map until the trade count moves', () => {
    const db = freshDb();
    expect(datewiseJson(db, 'b', 1, '{"2026-11-13": "1"}')).toBe('{"2026-11-13":"1"}');
    // The same count means the same map: the text is not read again.
    expect(datewiseJson(db, 'b', 1, '{"2026-11-13": "9"}')).toBe('{"2026-11-13":"1"}');
    expect(datewiseJson(db, 'b', 2, '{"2026-11-13": "9"}')).toBe('{"2026-11-13":"9"}');
    // Another database's bot of that id is its own.
    expect(datewiseJson(freshDb(), 'b', 1, '{"2026-11-13": "4"}')).toBe('{"2026-11-13":"4"}');
  });
});
