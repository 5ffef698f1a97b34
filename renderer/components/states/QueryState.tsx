/**
 * One query's three states in one place: the skeleton while it loads, the error with Retry when
 * it failed and nothing was read before, the empty note when the answer holds nothing, else the
 * content. A refresh that fails after a success keeps the last data on screen, under a notice
 * that says it is not current.
 */
import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { LoadError } from './LoadError';
import { StaleNotice } from './StaleNotice';

/** The part of a react-query result this needs. */
export interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  /** When `data` was read (ms since the epoch; react-query's own field). */
  dataUpdatedAt?: number;
  refetch: () => unknown;
}

interface Props<T> {
  query: QueryLike<T>;
  skeleton: ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  compactError?: boolean;
  children: (data: T) => ReactNode;
}

export function QueryState<T>({ query, skeleton, isEmpty, empty, compactError, children }: Props<T>) {
  if (query.data === undefined) {
    if (query.isError) return <LoadError onRetry={query.refetch} compact={compactError} />;
    if (query.isPending) return <>{skeleton}</>;
  }
  const data = query.data as T;
  const stale = query.isError && <StaleNotice updatedAt={query.dataUpdatedAt ?? Number.NaN} onRetry={query.refetch} />;
  if (isEmpty?.(data))
    return (
      <>
        {stale}
        {empty ?? <EmptyState />}
      </>
    );
  return (
    <>
      {stale}
      {children(data)}
    </>
  );
}
