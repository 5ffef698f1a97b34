/**
 * A form's choice list (pairs, strategies, categories) while it is read: the Select shows it is
 * loading, and one whose list could not be read says so in its dropdown with Retry, instead of
 * an empty list that reads as "there are no pairs". The live price line beside a pair likewise
 * says Loading... or that the price could not be read, never a dash that reads as a price.
 */
import type { SelectProps } from 'antd';
import { Space, Typography } from 'antd';
import { STATE_LABELS } from '../../../common/messages';
import { RetryButton } from './LoadError';

/** The part of a react-query result these need. */
export interface ListQuery {
  data: unknown;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** Props for the Select that offers the query's answer. */
export function optionsState(...queries: ListQuery[]): Pick<SelectProps, 'loading' | 'status' | 'notFoundContent'> {
  const failed = queries.filter((q) => q.isError && q.data === undefined);
  if (failed.length > 0) {
    return {
      status: 'error',
      notFoundContent: (
        <Space className="options-failed">
          <Typography.Text type="danger">{STATE_LABELS.loadFailed}</Typography.Text>
          <RetryButton onRetry={() => Promise.all(failed.map((q) => q.refetch()))} />
        </Space>
      ),
    };
  }
  if (queries.some((q) => q.isPending && !q.isError)) return { loading: true, notFoundContent: STATE_LABELS.loading };
  return {};
}

/** The live price as the line under the pair shows it: the price, Loading..., or that it failed. */
export function livePriceFigure(query: ListQuery, formatted: string): string {
  if (query.data !== undefined) return formatted;
  if (query.isError) return STATE_LABELS.priceFailed;
  return STATE_LABELS.loading;
}
