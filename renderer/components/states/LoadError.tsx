/**
 * The data could not be read: said in place, with Retry, instead of a blank area or placeholder
 * figures that would read as the member's own. Retry asks again (react-query's refetch).
 */
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { STATE_LABELS } from '../../../common/messages';

interface Props {
  onRetry: () => unknown;
  title?: string;
  /** Why, when the server said (no API keys, exchange unreachable, ...); else a hint to retry. */
  detail?: string;
  /** Shorter, for a place inside a card or a table. */
  compact?: boolean;
}

/** Retry, busy while the refetch it started runs. */
export function RetryButton({ onRetry }: { onRetry: () => unknown }) {
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    setRetrying(true);
    try {
      await onRetry();
    } finally {
      setRetrying(false);
    }
  };
  return (
    <Button size="small" danger loading={retrying} onClick={() => void retry()}>
      {STATE_LABELS.retry}
    </Button>
  );
}

export function LoadError({ onRetry, title = STATE_LABELS.loadFailed, detail, compact = false }: Props) {
  return (
    <Alert
      type="error"
      showIcon
      className="state-error"
      title={title}
      description={detail || (compact ? undefined : STATE_LABELS.loadFailedHint)}
      action={<RetryButton onRetry={onRetry} />}
    />
  );
}
