import { Alert, Form, Typography } from 'antd';
import { LABELS } from '../../../common/messages';
import { allottedTotal, allottedTotalError, formatTotal, type StrategyFormRow } from '../../../common/schemas/strategy';

/** Allotted amounts of the form's rows (the sum rule reads only these). */
export function allottedCells(rows: readonly Partial<StrategyFormRow>[] | undefined): unknown[] {
  return (rows ?? []).map((row) => row?.allottedAmountPercentagePerOrder);
}

/**
 * The running allotted total, and the SPEC sum message when `showError` (once the table is on screen,
 * since Save stays disabled while the total is wrong and the member must see why). It
 * watches `tableData` on its own, so typing re-renders this line and the edited cell only.
 */
export function AllottedTotal({ showError }: { showError: boolean }) {
  const rows = Form.useWatch<StrategyFormRow[] | undefined>('tableData');
  const cells = allottedCells(rows);
  const total = allottedTotal(cells);
  const error = showError ? allottedTotalError(cells) : null;
  return (
    <div className="allotted-total">
      {total && <Typography.Text type="secondary">{LABELS.allottedSoFar(formatTotal(total))}</Typography.Text>}
      {error && <Alert type="error" showIcon role="alert" title={error} />}
    </div>
  );
}
