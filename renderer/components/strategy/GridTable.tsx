/**
 * The per-grid table of Create and Edit strategy (SPEC section 2), inside an antd Form whose
 * `tableData` holds one row of decimal strings per grid. Each cell is its own Form.Item, so a
 * keystroke re-renders one input, not 250: the table itself only re-renders when the number of
 * rows changes, which keeps a 50-grid strategy responsive.
 */
import { Form, Input, Table, type TableColumnsType } from 'antd';
import { memo, useMemo } from 'react';
import { LABELS } from '../../../common/messages';
import { CELL_LABELS, type CellField } from '../../../common/schemas/strategy';
import { cellRule } from './cellRule';

/** Five percentage columns plus No. fit the content area beside the sidebar at 1366 px. */
const CELL_WIDTH = 150;

interface GridRowKey {
  key: number;
  gridNo: number;
}

/** Digits and one dot: the cell keeps the text the member typed, never a float. */
export function decimalInput(value: string | undefined): string {
  const cleaned = (value ?? '').replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  return dot < 0 ? cleaned : cleaned.slice(0, dot + 1) + cleaned.slice(dot + 1).replace(/\./g, '');
}

const Cell = memo(function Cell({ index, field, disabled }: { index: number; field: CellField; disabled: boolean }) {
  const gridNo = index + 1;
  return (
    <Form.Item
      name={['tableData', index, field]}
      rules={[cellRule(gridNo, field)]}
      normalize={decimalInput}
      className="grid-cell"
    >
      <Input inputMode="decimal" aria-label={LABELS.cellAria(gridNo, CELL_LABELS[field])} disabled={disabled} />
    </Form.Item>
  );
});

/** Grid 1 buys at market: a fixed, read-only placeholder instead of an input. */
function MarketCell({ text, field }: { text: string; field: CellField }) {
  return (
    <Form.Item className="grid-cell">
      <Input value={text} readOnly disabled aria-label={LABELS.cellAria(1, CELL_LABELS[field])} />
    </Form.Item>
  );
}

function cellColumn(field: CellField, title: string, marketText: string, disabled: boolean) {
  const isBuy = field === 'buyPercentage' || field === 'buyPercentageUp';
  return {
    title,
    key: field,
    width: CELL_WIDTH,
    render: (_: unknown, row: GridRowKey) =>
      isBuy && row.gridNo === 1 ? (
        <MarketCell text={marketText} field={field} />
      ) : (
        <Cell index={row.gridNo - 1} field={field} disabled={disabled} />
      ),
  };
}

export interface GridTableProps {
  grids: number;
  /** 'Marketprice' on Create, 'marketprice' on Edit (SPEC quotes both). */
  marketText: string;
  disabled?: boolean;
}

export function GridTable({ grids, marketText, disabled = false }: GridTableProps) {
  const rows = useMemo(() => Array.from({ length: grids }, (_, i) => ({ key: i + 1, gridNo: i + 1 })), [grids]);
  const columns = useMemo<TableColumnsType<GridRowKey>>(
    () => [
      { title: LABELS.colGridNo, dataIndex: 'gridNo', key: 'gridNo', width: 64 },
      cellColumn('allottedAmountPercentagePerOrder', LABELS.colAllotted, marketText, disabled),
      {
        title: LABELS.colBuy,
        key: 'buy',
        children: [
          cellColumn('buyPercentage', LABELS.colFirstDown, marketText, disabled),
          cellColumn('buyPercentageUp', LABELS.colSecondUp, marketText, disabled),
        ],
      },
      {
        title: LABELS.colTakeProfit,
        key: 'takeProfit',
        children: [
          cellColumn('takeProfitPercentage', LABELS.colFirstUp, marketText, disabled),
          cellColumn('takeProfitPercentageDown', LABELS.colSecondDown, marketText, disabled),
        ],
      },
    ],
    [marketText, disabled],
  );
  return (
    <Table<GridRowKey>
      className="grid-table"
      bordered
      size="small"
      pagination={false}
      dataSource={rows}
      columns={columns}
      scroll={{ x: 'max-content', y: 520 }}
    />
  );
}
