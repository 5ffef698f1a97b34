/** Order Book (SPEC section 2): 20 rows a page, 5 page numbers, SELL red and BUY green. */
import { Card, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import type { BotInfo, OrderBookRow } from '../../../common/api/bots';
import { PAGE_SIZE_TABLES } from '../../../common/constants';
import { RUNNING_BOT_LABELS } from '../../../common/messages';
import { TablePager, pageCount } from '../../components/bots/TablePager';
import { LoadError, LoadingSkeleton, WIDE_TABLE, frozenFirst, numeric } from '../../components/states';
import { formatDateTime, formatPrice, formatQuantity, formatUsdt } from '../../../common/format';
import type { Direction } from '../../app/pnlColors';
import { SignedValue } from '../../components/SignedValue';

const SIDE_DIRECTIONS: Record<OrderBookRow['type'], Direction> = { BUY: 'up', SELL: 'down' };

/** A fill and its place in the book (two fills can look alike). */
type BookRow = OrderBookRow & { key: number };

type Steps = Pick<BotInfo, 'tickSize' | 'stepSize'>;

/** The book's columns, prices and quantities to the pair's steps the bot trades on. */
const columnsFor = ({ tickSize, stepSize }: Steps): TableColumnsType<BookRow> =>
  frozenFirst<BookRow>([
    { title: RUNNING_BOT_LABELS.colDate, dataIndex: 'date', render: (v: string) => formatDateTime(v) },
    numeric<BookRow>({ title: RUNNING_BOT_LABELS.colPrice, dataIndex: 'price', render: (v: string) => formatPrice(v, tickSize) }),
    {
      title: RUNNING_BOT_LABELS.colType,
      dataIndex: 'type',
      render: (v: OrderBookRow['type']) => (
        <span className={`order-side order-side-${v.toLowerCase()}`} style={{ fontWeight: 600 }}>
          <SignedValue direction={SIDE_DIRECTIONS[v]}>{v}</SignedValue>
        </span>
      ),
    },
    numeric<BookRow>({
      title: RUNNING_BOT_LABELS.colQuantity,
      dataIndex: 'quantity',
      render: (v: string) => formatQuantity(v, stepSize),
    }),
    numeric<BookRow>({
      title: RUNNING_BOT_LABELS.colAmount,
      dataIndex: 'cummulativeQuoteQty',
      render: (v: string) => formatUsdt(v),
    }),
    numeric<BookRow>({ title: RUNNING_BOT_LABELS.colPnl, dataIndex: 'pnl', render: (v: string) => <SignedValue value={v} /> }),
  ]);

interface Props {
  /** The pair's price and quantity steps (BotInfo's). */
  steps: Steps;
  orders: OrderBookRow[];
  loading: boolean;
  /** The book could not be read: said with Retry, not shown as 'No orders'. */
  failed?: boolean;
  onRetry?: () => unknown;
}

export function OrderBook({ steps, orders, loading, failed = false, onRetry = () => undefined }: Props) {
  const [page, setPage] = useState(1);
  const { tickSize, stepSize } = steps;
  const columns = useMemo(() => columnsFor({ tickSize, stepSize }), [tickSize, stepSize]);
  const pages = pageCount(orders.length, PAGE_SIZE_TABLES);
  // A page past the end (the book was replaced) falls back to the last page.
  const current = Math.min(page, pages);
  const first = (current - 1) * PAGE_SIZE_TABLES;
  const rows = orders.slice(first, first + PAGE_SIZE_TABLES).map((row, i) => ({ ...row, key: first + i }));
  return (
    <Card title={RUNNING_BOT_LABELS.orderBook}>
      {failed && <LoadError compact onRetry={onRetry} />}
      {loading && <LoadingSkeleton shape="table" count={5} label={RUNNING_BOT_LABELS.orderBook} />}
      {!failed && !loading && (
        <>
          <Table<BookRow>
            size="small"
            columns={columns}
            dataSource={rows}
            pagination={false}
            locale={{ emptyText: RUNNING_BOT_LABELS.noOrders }}
            {...WIDE_TABLE}
          />
          <TablePager page={current} pages={pages} onChange={setPage} />
        </>
      )}
    </Card>
  );
}
