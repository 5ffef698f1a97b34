/**
 * Edit Grid Bot Strategy (SPEC sections 2, 5, 8). SPEC caps this form at 10 grids, but Create
 * allows 50, so every grid of the strategy is shown: hiding grids 11-50 would make them
 * impossible to edit and their allotted share impossible to rebalance.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Space, Spin } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import type { BacktestStrategy } from '../../../common/api/backtest';
import type { StrategyDetail } from '../../../common/api/strategy';
import { LABELS, TEXT, UI } from '../../../common/messages';
import { ROUTES, SCREEN_TITLES } from '../../../common/routes';
import { allottedTotalError, tableDataSchema, type StrategyFormRow } from '../../../common/schemas/strategy';
import { api } from '../../api/client';
import { STRATEGY_KEYS } from '../../api/strategies';
import { PageTitle } from '../../components/PageTitle';
import { BacktestButton } from '../../components/backtest/BacktestButton';
import { backtestStrategyOf } from '../../components/backtest/strategy';
import { AllottedTotal, allottedCells } from '../../components/strategy/AllottedTotal';
import { GridTable } from '../../components/strategy/GridTable';
import { detailFormRows } from '../../components/strategy/rows';
import { TableErrorSummary, useTableErrorSummary } from '../../components/strategy/TableErrorSummary';
import { useSaveStrategyEdit } from './useSaveStrategyEdit';

interface EditForm {
  strategyName: string;
  noOfGrids: number;
  tableData: StrategyFormRow[];
}

interface ActionsProps {
  canSave: boolean;
  saving: boolean;
  backtestStrategy: BacktestStrategy | null;
  readBacktest: () => BacktestStrategy | null;
}

function EditActions({ canSave, saving, backtestStrategy, readBacktest }: ActionsProps) {
  const navigate = useNavigate();
  return (
    <Space>
      <Button type="primary" htmlType="submit" disabled={!canSave || saving}>
        {saving ? TEXT.saving : LABELS.saveChanges}
      </Button>
      <Button htmlType="button" onClick={() => void navigate(ROUTES.myStrategies)}>
        {LABELS.cancel}
      </Button>
      <BacktestButton strategy={backtestStrategy} read={readBacktest} disabled={saving} />
    </Space>
  );
}

function EditForm({ detail }: { detail: StrategyDetail }) {
  const [form] = Form.useForm<EditForm>();
  const cellErrors = useTableErrorSummary();
  const save = useSaveStrategyEdit(detail);
  // The edited values, unsaved: Backtest runs what the member sees.
  const watchedRows = Form.useWatch('tableData', { form, preserve: true }) as StrategyFormRow[] | undefined;
  // Save Changes stays disabled until every cell and the allotted total are valid (issue 23).
  const tableValid = watchedRows !== undefined && tableDataSchema(detail.No_of_order).isValidSync(watchedRows);
  const readRows = () => form.getFieldValue('tableData') as StrategyFormRow[];

  const onFinish = () => {
    const rows = readRows();
    if (allottedTotalError(allottedCells(rows)) === null) save.mutate(rows);
  };

  return (
    <Form<EditForm>
      form={form}
      name="editStrategy"
      layout="vertical"
      initialValues={{
        strategyName: detail.strategy_name,
        noOfGrids: detail.No_of_order,
        tableData: detailFormRows(detail),
      }}
      onFinish={onFinish}
      onFieldsChange={cellErrors.onFieldsChange}
      disabled={save.isPending}
    >
      <Space wrap size="large" className="strategy-head">
        <Form.Item label={LABELS.strategyName} name="strategyName">
          <Input readOnly className="strategy-name-input" />
        </Form.Item>
        <Form.Item label={LABELS.noOfGrids} name="noOfGrids">
          <Input readOnly className="grid-count-input" />
        </Form.Item>
      </Space>
      <TableErrorSummary message={cellErrors.summary} />
      <GridTable grids={detail.No_of_order} marketText={TEXT.marketPriceEdit} />
      {/* Always on: Save Changes is disabled while the total is wrong, and this says why. */}
      <AllottedTotal showError />
      <EditActions
        canSave={tableValid}
        saving={save.isPending}
        backtestStrategy={backtestStrategyOf(detail.No_of_order, watchedRows)}
        readBacktest={() => backtestStrategyOf(detail.No_of_order, readRows())}
      />
    </Form>
  );
}

export default function EditStrategyPage() {
  const name = useParams().strategy_name ?? '';
  // No cached copy outlives the page: the form takes its values once, so they must be fresh.
  const detail = useQuery({
    queryKey: STRATEGY_KEYS.detail(name),
    queryFn: () => api.strategies.detail({ strategy_name: name }),
    gcTime: 0,
  });
  let body;
  if (detail.isPending) body = <Spin size="large" className="full-page-spin" aria-label={TEXT.loading} />;
  else if (detail.isError) body = <Alert type="error" showIcon role="alert" title={UI.strategyDetailError} />;
  else body = <EditForm detail={detail.data} />;
  return (
    <>
      <PageTitle title={SCREEN_TITLES.editStrategy} />
      <Card>{body}</Card>
    </>
  );
}
