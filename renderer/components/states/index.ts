/** The states every data screen shows the same way: loading, empty, could not load. */
export { EmptyState } from './EmptyState';
export { LoadError, RetryButton } from './LoadError';
export { LoadingSkeleton, type SkeletonShape } from './LoadingSkeleton';
export { QueryState, type QueryLike } from './QueryState';
export { livePriceFigure, optionsState, type ListQuery } from './optionsState';
export { StaleNotice } from './StaleNotice';
export { NUMERIC_CELL, WIDE_TABLE, frozenFirst, numeric } from './tableColumns';
