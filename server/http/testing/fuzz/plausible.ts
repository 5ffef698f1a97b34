/** Values that pass each field's rule, so a request gets past the fields it does not attack. */
import { AUTO_FILL_PERCENTAGES } from '../../../../common/constants';
import { autoFillRows } from '../../../../common/schemas/strategy';
import type { FuzzRoute } from './openapi-routes';

const UUID = '4b1d3c1e-5a6f-4e7d-8c9b-0a1b2c3d4e5f';
const TWO_ROWS = autoFillRows(2, AUTO_FILL_PERCENTAGES).map((row) =>
  row.gridNo === 1 ? { ...row, buyPercentage: null, buyPercentageUp: null } : row,
);

/** Values for the fields a member's own records name (a bot id, a strategy name), by field name. */
export type PlausibleValues = Record<string, readonly unknown[]>;

/** Values that pass the field's rule, by field name (SPEC section 7's bodies); the first is the sweep's. */
const PLAUSIBLE: PlausibleValues = {
  email: ['member@example.com'],
  password: ['secret12'],
  otp: ['123456'],
  referralId: ['DEMO01', null],
  username: ['Alice'],
  contactNo: ['+911234567890'],
  pair: ['BTCUSDT'],
  selectPair: ['BTCUSDT', 'SOLUSDT'],
  asset: ['BTC'],
  amount: ['500', '1', 500, '0.5'],
  botID: [UUID],
  strategy_name: ['System Strategy', 'mine'],
  strategyName: ['mine'],
  myStrategy: ['System Strategy'],
  noOfGrids: [2, '10'],
  No_of_order: [2],
  botType: ['Advanced Multigrid'],
  category: ['Spot', 'Future'],
  leverage: ['3x', 3, null],
  toAddress: [`0x${'ab'.repeat(20)}`],
  planId: [UUID],
  apiKey: ['key', null],
  secretKey: ['secret', null],
  from: ['spot'],
  to: ['futures'],
  coin: ['USDT'],
  days: [1, 30],
  interval: ['15m'],
  limit: [10],
  page: [1],
  level: [1],
  after: [0],
  disclaimerAgree: [true],
  protectionActive: [true, false],
  tableData: [TWO_ROWS],
  allotted_amount_percentage_per_order: [['0.5', '0.5']],
  buy_percentage: [['1.2']],
  buy_percentage_up: [['0.2']],
  takeprofit_percentage: [['1.2', '1.2']],
  takeprofit_percentage_down: [['0.2', '0.2']],
  profitBookValue: ['10', null],
  overbuyProtectionValue: [1, '5', null],
  sellAllAndPausePrice: ['100000', null],
  restartPrice: ['90000', null],
  stoplossPrice: ['1', null],
  profitbookat: ['10', null],
  sellPausePrice: [null],
  cycle_id: [UUID],
  priceReachAt: ['140', 140],
  sellPriceAt: ['150'],
  stopLossAt: ['120'],
  cycleCount: [3, '5'],
  buy_price: ['90'],
  sell_price: ['110'],
  stop_loss: ['70'],
  no_of_cycle: [5, '8'],
};

/** Where one route needs other values than the rest (the transfer back). */
const PLAUSIBLE_BY_PATH: Record<string, PlausibleValues> = {
  '/api/transferfuturestospot': { from: ['futures'], to: ['spot'] },
  '/api/swaptousdt': { amount: ['0.01'] },
};

export function plausibleValues(route: FuzzRoute, own: PlausibleValues): PlausibleValues {
  return { ...PLAUSIBLE, ...PLAUSIBLE_BY_PATH[route.path], ...own };
}
