/**
 * One query's three states in one place: the skeleton while it loads, the error with Retry when
 * it failed and nothing was read before, the empty note when the answer holds nothing, else the
 * content. A refresh that fails after a success keeps the last data on screen.
 */
import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { LoadError } from './LoadError';

/** The part of a react-query result this needs. */
export interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
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
  if (isEmpty?.(data)) return <>{empty ?? <EmptyState />}</>;
  return <>{children(data)}</>;
}
