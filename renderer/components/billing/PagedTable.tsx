/**
 * One paged billing-service list (SPEC section 9: 10 a page): the server pages, the table shows
 * 'Loading...' or 'No Records Found.', numbers rows on from page to page, and offers Previous /
 * page numbers / Next only when there is more than one page. A failed fetch is logged and said
 * in the table with Retry (an empty page would read as no records). The row number and the first
 * column stay put while the others scroll sideways on a narrow window.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import type { Paged } from '../../../common/api/subscriptions';
import { PAGE_SIZE_LISTS } from '../../../common/constants';
import { ACCOUNT_LABELS, TEXT } from '../../../common/messages';
import { TablePager } from '../bots/TablePager';
import { LoadError, WIDE_TABLE } from '../states';

const EMPTY: Paged<never> = { records: [], current: 1, pages: 0, total: 0 };

interface Props<T> {
  /** The list's query key; the page number is appended. */
  queryKey: readonly unknown[];
  fetchPage: (page: number) => Promise<Paged<T>>;
  columns: ColumnsType<T>;
  rowKey: (keyof T & string) | ((row: T) => string);
  /** Names the table for assistive technology (and for tests). */
  label: string;
}

/** The 'No' of row `index` on page `current`: page 2 starts at 11. */
export function rowNumber(current: number, index: number, pageSize = PAGE_SIZE_LISTS): number {
  return (Math.max(1, current) - 1) * pageSize + index + 1;
}

export function PagedTable<T extends object>({ queryKey, fetchPage, columns, rowKey, label }: Props<T>) {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [...queryKey, page],
    queryFn: async (): Promise<Paged<T>> => {
      try {
        return await fetchPage(page);
      } catch (error) {
        console.error(`${label}: page ${page} failed`, error);
        throw error;
      }
    },
    placeholderData: keepPreviousData,
  });
  const data = list.data ?? EMPTY;
  const current = data.current || page;
  const [first, ...rest] = columns;
  const numbered: ColumnsType<T> = [
    { title: ACCOUNT_LABELS.colNo, key: 'no', width: 64, fixed: 'left', render: (_v, _row, index) => rowNumber(current, index) },
    ...(first ? [{ ...first, fixed: 'left' as const }, ...rest] : []),
  ];
  const failed = list.isError && list.data === undefined;
  let emptyText: ReactNode = TEXT.noRecords;
  if (failed) emptyText = <LoadError compact onRetry={() => list.refetch()} />;
  else if (list.isPending) emptyText = TEXT.loading;
  return (
    <>
      {/* A later page that failed: the rows shown are the previous page's, so say it. */}
      {list.isError && !failed && <LoadError compact onRetry={() => list.refetch()} />}
      <Table<T>
        aria-label={label}
        rowKey={rowKey}
        size="middle"
        columns={numbered}
        dataSource={data.records}
        pagination={false}
        {...WIDE_TABLE}
        locale={{ emptyText }}
      />
      <TablePager page={current} pages={data.pages} onChange={setPage} />
    </>
  );
}
