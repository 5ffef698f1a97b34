/**
 * A History table: 20 rows a page with at most five page numbers (SPEC section 9). A skeleton of
 * rows while it loads, the error with Retry when it could not be read (an empty table would say
 * the member has no history), 'No Records Found.' only when the answer is empty.
 */
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { PAGE_SIZE_TABLES } from '../../../common/constants';
import { TEXT } from '../../../common/messages';
import { TablePager, pageCount } from '../../components/bots/TablePager';
import { LoadingSkeleton, QueryState, WIDE_TABLE, type QueryLike } from '../../components/states';

interface PagedHistoryTableProps<T> {
  query: QueryLike<T[]>;
  columns: ColumnsType<T>;
}

function Rows<T extends { id: string }>({ rows, columns }: { rows: T[]; columns: ColumnsType<T> }) {
  const [page, setPage] = useState(1);
  const pages = pageCount(rows.length, PAGE_SIZE_TABLES);
  const current = Math.min(page, pages);
  return (
    <>
      <Table<T>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows.slice((current - 1) * PAGE_SIZE_TABLES, current * PAGE_SIZE_TABLES)}
        pagination={false}
        {...WIDE_TABLE}
        locale={{ emptyText: TEXT.noRecords }}
      />
      <TablePager page={current} pages={pages} onChange={setPage} />
    </>
  );
}

export function PagedHistoryTable<T extends { id: string }>({ query, columns }: PagedHistoryTableProps<T>) {
  return (
    <QueryState query={query} skeleton={<LoadingSkeleton shape="table" count={8} />}>
      {(rows) => <Rows rows={rows} columns={columns} />}
    </QueryState>
  );
}
