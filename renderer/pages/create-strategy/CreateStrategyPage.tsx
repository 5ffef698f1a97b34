/** Create Grid Bot Strategy (SPEC sections 2, 3, 5, 8). */
import { Button, Card, Form, Space, Typography } from 'antd';
import { LABELS, TEXT } from '../../../common/messages';
import { SCREEN_TITLES } from '../../../common/routes';
import type { BacktestStrategy } from '../../../common/api/backtest';
import type { StrategyFormRow } from '../../../common/schemas/strategy';
import { PageTitle } from '../../components/PageTitle';
import { BacktestButton } from '../../components/backtest/BacktestButton';
import { backtestStrategyOf } from '../../components/backtest/strategy';
import { AllottedTotal } from '../../components/strategy/AllottedTotal';
import { GridTable } from '../../components/strategy/GridTable';
import { TableErrorSummary, useTableErrorSummary } from '../../components/strategy/TableErrorSummary';
import { StrategyHead } from './StrategyHead';
import { useCreateFormState, useGridRows, useSaveStrategy, type CreateForm } from './useCreateStrategy';

interface ActionsProps {
  canSave: boolean;
  saving: boolean;
  backtestStrategy: BacktestStrategy | null;
  readBacktest: () => BacktestStrategy | null;
}

function CreateActions({ canSave, saving, backtestStrategy, readBacktest }: ActionsProps) {
  return (
    <Space>
      <Button type="primary" htmlType="submit" className="strategy-save" disabled={!canSave || saving}>
        {saving ? TEXT.saving : LABELS.save}
      </Button>
      <BacktestButton strategy={backtestStrategy} read={readBacktest} disabled={saving} />
    </Space>
  );
}

export default function CreateStrategyPage() {
  const [form] = Form.useForm<CreateForm>();
  const rows = useGridRows(form);
  const { onFinish, saving } = useSaveStrategy(form);
  const cellErrors = useTableErrorSummary();
  const { backtestStrategy, formValid, rowsMismatch } = useCreateFormState(form, rows.grids);
  const readBacktest = () =>
    backtestStrategyOf(form.getFieldValue('noOfGrids'), form.getFieldValue('tableData') as StrategyFormRow[] | undefined);

  return (
    <>
      <PageTitle title={SCREEN_TITLES.createStrategy} />
      <Card>
        <Form<CreateForm>
          form={form}
          name="createStrategy"
          layout="vertical"
          onFinish={onFinish}
          onFieldsChange={cellErrors.onFieldsChange}
          disabled={saving}
        >
          <StrategyHead
            onAdd={rows.onAdd}
            onAutoFill={rows.onAutoFill}
            onClear={rows.onClear}
            clearDisabled={rows.grids === 0 || saving}
          />
          <Typography.Paragraph type="secondary">{LABELS.customPercentagesNote}</Typography.Paragraph>
          {rows.grids > 0 && (
            <>
              <TableErrorSummary message={cellErrors.summary ?? rowsMismatch} />
              <GridTable grids={rows.grids} marketText={TEXT.marketPrice} />
            </>
          )}
          <AllottedTotal showError={rows.grids > 0} />
          <CreateActions canSave={formValid} saving={saving} backtestStrategy={backtestStrategy} readBacktest={readBacktest} />
        </Form>
      </Card>
    </>
  );
}
