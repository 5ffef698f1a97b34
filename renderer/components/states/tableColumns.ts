/**
 * Tables that stay readable on a 1024 px window: the first column (what the row is) stays put
 * while the rest scroll sideways, and figures never wrap ('$0.00' on two lines reads as two
 * values) and line up on the right. With a fixed column antd draws a shadow at the edge that
 * hides columns, so the member sees there is more to scroll to.
 */
import type { TableProps } from 'antd';
import type { ColumnType, ColumnsType } from 'antd/es/table';
import type { CSSProperties } from 'react';

const NOWRAP: CSSProperties = { whiteSpace: 'nowrap' };

/** The class a figure's cells carry (tests and the e2e find them by it). */
export const NUMERIC_CELL = 'num-cell';

/** A column of figures: right-aligned, never wrapped. */
export function numeric<T>(column: ColumnType<T>): ColumnType<T> {
  return {
    ...column,
    align: 'right',
    className: [column.className, NUMERIC_CELL].filter(Boolean).join(' '),
    onCell: () => ({ style: NOWRAP }),
    onHeaderCell: () => ({ style: NOWRAP }),
  };
}

/** The first column fixed on the left, the others scrolling under it. */
export function frozenFirst<T>(columns: ColumnsType<T>): ColumnsType<T> {
  const [first, ...rest] = columns;
  return first ? [{ ...first, fixed: 'left' }, ...rest] : [];
}

/** Scroll sideways as wide as the content needs (the fixed first column then casts its shadow). */
export const WIDE_TABLE: Pick<TableProps, 'scroll'> = { scroll: { x: 'max-content' } };
