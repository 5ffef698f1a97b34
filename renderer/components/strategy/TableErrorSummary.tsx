import { Alert } from 'antd';
import { useCallback, useState } from 'react';
import { tableErrorSummary, type FieldState } from './tableErrors';

/**
 * The summary of the table's cell errors, kept up to date from the form's onFieldsChange (which
 * antd calls after every validation, so it follows the red outlines exactly).
 */
export function useTableErrorSummary() {
  const [summary, setSummary] = useState<string | null>(null);
  const onFieldsChange = useCallback((_changed: unknown, all: readonly FieldState[]) => {
    setSummary(tableErrorSummary(all));
  }, []);
  return { summary, onFieldsChange };
}

/** One message above the table, instead of a long one under every cell. */
export function TableErrorSummary({ message }: { message: string | null }) {
  if (!message) return null;
  return <Alert type="error" showIcon role="alert" className="table-error-summary" title={message} />;
}
