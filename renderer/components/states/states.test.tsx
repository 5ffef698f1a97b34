import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STATE_LABELS } from '../../../common/messages';
import { EmptyState, LoadError, LoadingSkeleton, NUMERIC_CELL, QueryState, frozenFirst, numeric, type QueryLike } from '.';

const query = <T,>(over: Partial<QueryLike<T>>): QueryLike<T> => ({
  data: undefined,
  isPending: false,
  isError: false,
  refetch: vi.fn(),
  ...over,
});

const states = (q: QueryLike<string[]>) =>
  render(
    <QueryState
      query={q}
      skeleton={<LoadingSkeleton shape="table" />}
      isEmpty={(rows) => rows.length === 0}
      empty={<EmptyState title="none" />}
    >
      {(rows) => <p>{rows.join(',')}</p>}
    </QueryState>,
  );

describe('data states', () => {
  it('shows the skeleton, announced as loading, while the first answer is awaited', () => {
    states(query({ isPending: true }));
    const skeleton = screen.getByRole('status', { name: STATE_LABELS.loading });
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('none')).toBeNull();
  });

  it('shows the empty note only for an empty answer', () => {
    states(query({ data: [] }));
    expect(screen.getByText('none')).toBeTruthy();
  });

  it('shows the error with Retry when nothing was read, and Retry refetches', async () => {
    const q = query<string[]>({ isError: true });
    states(q);
    expect(screen.getByText(STATE_LABELS.loadFailed)).toBeTruthy();
    expect(screen.getByText(STATE_LABELS.loadFailedHint)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: STATE_LABELS.retry }));
    await waitFor(() => expect(q.refetch).toHaveBeenCalledTimes(1));
  });

  it('keeps the last data on screen when a refresh fails, under a notice of when it was read, whose Retry refetches', async () => {
    const read = new Date(2026, 10, 27, 14, 3, 22).getTime();
    const q = query<string[]>({ data: ['a', 'b'], isError: true, dataUpdatedAt: read });
    states(q);
    expect(screen.getByText('a,b')).toBeTruthy();
    expect(screen.queryByText(STATE_LABELS.loadFailed)).toBeNull();
    expect(screen.getByText(STATE_LABELS.stale('14:03:22'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: STATE_LABELS.retry }));
    await waitFor(() => expect(q.refetch).toHaveBeenCalledTimes(1));
  });

  it('shows no stale notice while the data is current', () => {
    states(query({ data: ['a'], dataUpdatedAt: Date.now() }));
    expect(screen.queryByRole('button', { name: STATE_LABELS.retry })).toBeNull();
  });

  it('shows the Retry button busy while the refetch runs', async () => {
    let finish!: () => void;
    render(<LoadError onRetry={() => new Promise<void>((r) => (finish = r))} />);
    const button = screen.getByRole('button', { name: STATE_LABELS.retry });
    fireEvent.click(button);
    await waitFor(() => expect(button.className).toContain('ant-btn-loading'));
    finish();
    await waitFor(() => expect(button.className).not.toContain('ant-btn-loading'));
  });

  it('fixes the first column and keeps figures right-aligned on one line', () => {
    type Row = { a: string; b: string };
    const [first, second] = frozenFirst<Row>([{ title: 'A', dataIndex: 'a' }, numeric<Row>({ title: 'B', dataIndex: 'b' })]);
    expect(first).toMatchObject({ fixed: 'left' });
    expect(second).toMatchObject({ align: 'right', className: NUMERIC_CELL });
    const cell = (second as { onCell: () => { style: { whiteSpace: string } } }).onCell();
    expect(cell.style.whiteSpace).toBe('nowrap');
  });
});
