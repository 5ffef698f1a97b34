/** The states every data screen shows the same way: loading, empty, could not load. */
export { EmptyState } from './EmptyState';
export { LoadError } from './LoadError';
export { LoadingSkeleton, type SkeletonShape } from './LoadingSkeleton';
export { QueryState, type QueryLike } from './QueryState';
export { NUMERIC_CELL, WIDE_TABLE, frozenFirst, numeric } from './tableColumns';
