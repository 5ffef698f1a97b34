/**
 * Previous, at most five page numbers, Next (SPEC section 9: 20 rows a page, 5 page buttons).
 * Controlled: `page` is 1-based; hidden when everything fits on one page.
 */
import { Button, Space } from 'antd';
import { PAGE_BUTTONS } from '../../../common/constants';
import { BOT_LABELS } from '../../../common/messages';

/** The page numbers to offer: a window of `buttons` pages around `page`, kept inside 1..pages. */
export function pageWindow(page: number, pages: number, buttons = PAGE_BUTTONS): number[] {
  if (pages <= 0) return [];
  const size = Math.min(buttons, pages);
  const first = Math.min(Math.max(1, page - Math.floor(size / 2)), pages - size + 1);
  return Array.from({ length: size }, (_, i) => first + i);
}

export function pageCount(rows: number, pageSize: number): number {
  return Math.max(1, Math.ceil(rows / pageSize));
}

interface TablePagerProps {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}

export function TablePager({ page, pages, onChange }: TablePagerProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={BOT_LABELS.pagination}>
      <Space wrap style={{ marginTop: 16, justifyContent: 'flex-end', width: '100%' }}>
        <Button disabled={page <= 1} onClick={() => onChange(page - 1)}>
          {BOT_LABELS.previous}
        </Button>
        {pageWindow(page, pages).map((n) => (
          <Button
            key={n}
            type={n === page ? 'primary' : 'default'}
            aria-label={BOT_LABELS.pageNumber(n)}
            aria-current={n === page ? 'page' : undefined}
            onClick={() => onChange(n)}
          >
            {n}
          </Button>
        ))}
        <Button disabled={page >= pages} onClick={() => onChange(page + 1)}>
          {BOT_LABELS.next}
        </Button>
      </Space>
    </nav>
  );
}
