/** A live bot card as GET /api/botstatus returns it; tests override what they look at. */
import type { LiveBot } from '../../common/api/bots';

export const liveBot = (over: Partial<LiveBot> = {}): LiveBot => ({
  id: 'b1',
  name: 'BTCUSDT',
  category: 'Spot',
  tradeType: 'Advanced Multigrid',
  strategy_name: 'System Strategy',
  status: 'Live',
  liveprice: '43000.5',
  runtime: 3,
  roi: '12.345',
  investment: '1000',
  pnl: '12.5',
  trades24h: 7,
  grid_no: 2,
  total_grid: 5,
  sparklineData: [
    { time: 1, value: '0' },
    { time: 2, value: '12.5' },
  ],
  datewiseprofit: { '2026-11-21': '5.5', '2026-11-20': '7' },
  ...over,
});
