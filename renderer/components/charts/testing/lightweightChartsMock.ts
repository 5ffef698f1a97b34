/**
 * A stand-in for 'lightweight-charts' in jsdom tests of pages that hold the market chart:
 *   vi.mock('lightweight-charts', () => import('<path>/components/charts/testing/lightweightChartsMock'));
 * jsdom has no canvas (getContext answers null), so the real chart throws "Value is null" from
 * its next animation frame, after a test may have ended, as an unhandled error of the whole run.
 * MarketChart.test holds what the chart is given; a page's test only needs it to render.
 */
const series = { setData: () => undefined, update: () => undefined };
const chart = {
  addSeries: () => series,
  applyOptions: () => undefined,
  remove: () => undefined,
  timeScale: () => ({ fitContent: () => undefined }),
};

export const createChart = () => chart;
export const CandlestickSeries = {};
export const ColorType = { Solid: 'solid' };
