/** A History table: 20 rows a page with at most five page numbers (SPEC section 9). */
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { PAGE_SIZE_TABLES } from '../../../common/constants';
import { TEXT } from '../../../common/messages';
import { TablePager, pageCount } from '../../components/bots/TablePager';

interface PagedHistoryTableProps<T> {
  rows: T[];
  loading: boolean;
  columns: ColumnsType<T>;
}

export function PagedHistoryTable<T extends { id: string }>({ rows, loading, columns }: PagedHistoryTableProps<T>) {
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
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: loading ? TEXT.loading : TEXT.noRecords }}
      />
      <TablePager page={current} pages={pages} onChange={setPage} />
    </>
  );
}
