/** The figures, equity line and trades of one backtest. */
import { Descriptions, Table, Typography } from 'antd';
import type { BacktestResponse, BacktestTradeRow } from '../../../common/api/backtest';
import { formatPercent, formatPrice, formatQuantity, formatUsdt } from '../../../common/format';
import { SignedValue } from '../SignedValue';
import { EquityChart } from './EquityChart';

const STATUS = { live: 'Live', paused: 'Paused', stopped: 'Stopped' } as const;
const usdt = (value: string) => `${formatUsdt(value)} USDT`;
const when = (ts: number) => new Date(ts).toISOString().replace('T', ' ').slice(0, 16);

const columns = [
  { title: 'Time (UTC)', dataIndex: 'ts', render: when },
  {
    title: 'Side',
    dataIndex: 'side',
    render: (side: string) =>
      side === 'buy' ? <SignedValue direction="up">Buy</SignedValue> : <SignedValue direction="down">Sell</SignedValue>,
  },
  { title: 'Grid', dataIndex: 'grid', render: (grid: number) => (grid === 0 ? 'All' : grid) },
  // The backtest answer carries no tick or step size: prices and quantities use the fallbacks.
  { title: 'Price', dataIndex: 'price', render: (price: string) => formatPrice(price) },
  { title: 'Quantity', dataIndex: 'qty', render: (qty: string) => formatQuantity(qty) },
  { title: 'Amount', dataIndex: 'quote', render: (quote: string) => formatUsdt(quote) },
  // Fees are USDT like every other amount: 2 decimals, so 0.166 and 0.1659 both read 0.17.
  { title: 'Fee', dataIndex: 'fee', render: (fee: string) => formatUsdt(fee) },
  { title: 'PnL', dataIndex: 'pnl', render: (pnl: string) => <SignedValue value={pnl} /> },
];

export function BacktestResult({ result }: { result: BacktestResponse }) {
  const s = result.summary;
  return (
    <div className="backtest-result">
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2, md: 3 }}>
        <Descriptions.Item label="PnL">
          <SignedValue value={s.pnl}>{usdt(s.pnl)}</SignedValue>
        </Descriptions.Item>
        <Descriptions.Item label="ROI">
          <SignedValue value={s.roi}>{formatPercent(s.roi)}</SignedValue>
        </Descriptions.Item>
        <Descriptions.Item label="Trades">{s.trades}</Descriptions.Item>
        <Descriptions.Item label="Max drawdown">{`${usdt(s.maxDrawdown)} (${formatPercent(s.maxDrawdownPercent)})`}</Descriptions.Item>
        <Descriptions.Item label="Held grids (max)">{s.maxGridsHeld}</Descriptions.Item>
        <Descriptions.Item label="Status">{STATUS[s.status]}</Descriptions.Item>
        <Descriptions.Item label="Unrealized">
          <SignedValue value={s.unrealized}>{usdt(s.unrealized)}</SignedValue>
        </Descriptions.Item>
        <Descriptions.Item label="Candles">{`${result.candles} x ${result.interval}`}</Descriptions.Item>
        <Descriptions.Item label="Skipped orders">{result.skipped}</Descriptions.Item>
      </Descriptions>
      <EquityChart points={result.equity} interval={result.interval} />
      <Typography.Title level={5}>Trades</Typography.Title>
      <Table<BacktestTradeRow & { key: number }>
        size="small"
        columns={columns}
        dataSource={result.trades.map((t, key) => ({ ...t, key }))}
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
      />
    </div>
  );
}
