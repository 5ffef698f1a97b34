/** A Wallet request that failed, said in place of its figures, with a Retry button. */
import { Alert, Button } from 'antd';
import { EXCHANGE_LABELS } from '../../../common/messages';

export function LoadError({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={title}
      // The server's reason (no API keys, exchange unreachable, ...) when it gave one.
      description={error.message || undefined}
      action={
        <Button size="small" onClick={onRetry}>
          {EXCHANGE_LABELS.retry}
        </Button>
      }
    />
  );
}
