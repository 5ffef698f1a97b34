/**
 * A refresh failed after an earlier one succeeded: the last figures stay on screen (better than
 * a blank page), but the member is told they are not current and since when, with Retry.
 */
import { Alert } from 'antd';
import { formatClock } from '../../../common/format';
import { STATE_LABELS } from '../../../common/messages';
import { RetryButton } from './LoadError';

interface Props {
  /** When the figures on screen were read (react-query's dataUpdatedAt, ms since the epoch). */
  updatedAt: number;
  onRetry: () => unknown;
}

export function StaleNotice({ updatedAt, onRetry }: Props) {
  return (
    <Alert
      type="warning"
      showIcon
      className="state-stale"
      title={STATE_LABELS.stale(formatClock(updatedAt))}
      action={<RetryButton onRetry={onRetry} />}
    />
  );
}
