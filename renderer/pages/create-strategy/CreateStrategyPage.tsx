/** Create Grid Bot Strategy (SPEC sections 2, 3, 5, 8). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CreateStrategyRequest } from '../../../common/api/strategy';
import { AUTO_FILL_PERCENTAGES, GRIDS_MAX_CREATE } from '../../../common/constants';
import { LABELS, TEXT, VALIDATION } from '../../../common/messages';
import { ROUTES, SCREEN_TITLES } from '../../../common/routes';
import {
  allottedTotalError,
  autoFillRows,
  CELL_FIELDS,
  createStrategySchema,
  emptyRows,
  gridCountOf,
  type CellField,
  type StrategyFormRow,
} from '../../../common/schemas/strategy';
import { strategySaveErrorMessage } from '../../api/strategyErrors';
import { STRATEGY_KEYS, strategiesApi } from '../../api/strategies';
import { useMessage } from '../../app/feedback';
import { PageTitle } from '../../components/PageTitle';
import { BacktestButton } from '../../components/backtest/BacktestButton';
import { backtestStrategyOf } from '../../components/backtest/strategy';
import { AllottedTotal, allottedCells } from '../../components/strategy/AllottedTotal';
import { GridTable } from '../../components/strategy/GridTable';
import { toCreateRequest } from '../../components/strategy/rows';
import { TableErrorSummary, useTableErrorSummary } from '../../components/strategy/TableErrorSummary';
import { isValid, yupRule } from '../../hooks/yupRule';

interface CreateForm {
  strategyName: string;
  noOfGrids: string;
  tableData?: StrategyFormRow[];
}

/** Digits only, two at most (SPEC section 5). */
const gridDigits = (value: string | undefined) => (value ?? '').replace(/\D/g, '').slice(0, 2);

function useSaveStrategy() {
  const message = useMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateStrategyRequest) => strategiesApi.create(request),
    onSuccess: async (reply) => {
      message.success(reply.message);
      await queryClient.invalidateQueries({ queryKey: STRATEGY_KEYS.all });
      await navigate(ROUTES.myStrategies);
    },
    onError: (error) => {
      message.error(strategySaveErrorMessage(error));
    },
  });
}

export default function CreateStrategyPage() {
  const [form] = Form.useForm<CreateForm>();
  const [grids, setGrids] = useState(0);
  // Bumped by Add, Auto Fill and Clear: the table is validated once its new cells are mounted.
  const [tableVersion, setTableVersion] = useState(0);
  const message = useMessage();
  const save = useSaveStrategy();
  const cellErrors = useTableErrorSummary();
  // Watched so Backtest and Save enable as soon as the form is valid, and stay disabled until then.
  const watchedName = Form.useWatch('strategyName', form);
  const watchedGrids = Form.useWatch('noOfGrids', form);
  const watchedRows = Form.useWatch('tableData', { form, preserve: true }) as StrategyFormRow[] | undefined;
  const backtestStrategy = backtestStrategyOf(watchedGrids, watchedRows);
  const formValid = isValid(createStrategySchema, { strategyName: watchedName, noOfGrids: watchedGrids, tableData: watchedRows });
  // A grid count changed after the table was built: Add rebuilds it, and Save waits for that.
  const typedCount = gridCountOf(watchedGrids);
  const rowsMismatch = grids > 0 && typedCount !== null && typedCount !== grids ? VALIDATION.tableRows(typedCount) : null;

  // Setting the rows does not re-run the cells' rules: without this, cells Auto Fill filled kept
  // the 'is required' of an earlier check (issue 23). The cells are mounted by now (child effects run first).
  useEffect(() => {
    if (tableVersion > 0) void form.validateFields([['tableData']], { recursive: true }).catch(() => undefined);
  }, [tableVersion, form]);

  /** The grid count once its field is valid (its message shows otherwise). */
  const validGridCount = async (): Promise<number | null> => {
    try {
      await form.validateFields(['noOfGrids']);
    } catch {
      return null;
    }
    return gridCountOf(form.getFieldValue('noOfGrids'));
  };

  const showRows = (rows: StrategyFormRow[]) => {
    setGrids(rows.length);
    form.setFieldValue('tableData', rows);
    setTableVersion((v) => v + 1);
  };

  const onAdd = async () => {
    const count = await validGridCount();
    if (count === null) return;
    // Rebuilding keeps what the member already typed in the grids that remain.
    const existing = (form.getFieldValue('tableData') as StrategyFormRow[] | undefined) ?? [];
    showRows(emptyRows(count).map((row, i) => (existing[i] ? { ...existing[i], gridNo: row.gridNo } : row)));
  };

  const onAutoFill = async () => {
    const count = await validGridCount();
    if (count !== null) showRows(autoFillRows(count, AUTO_FILL_PERCENTAGES));
  };

  const onClear = () => {
    form.setFields(
      Array.from({ length: grids }, (_, i) =>
        CELL_FIELDS.map((field) => ({
          name: ['tableData', i, field] as ['tableData', number, CellField],
          value: '',
          errors: [],
        })),
      ).flat(),
    );
    setTableVersion((v) => v + 1);
  };

  // Save is disabled until the form is valid; these checks stay for a submit by the Enter key.
  const onFinish = (values: CreateForm) => {
    const rows = (form.getFieldValue('tableData') as StrategyFormRow[] | undefined) ?? [];
    const count = gridCountOf(values.noOfGrids) ?? 0;
    if (rows.length !== count) {
      message.error(VALIDATION.tableRows(count));
      return;
    }
    if (allottedTotalError(allottedCells(rows)) !== null) return;
    save.mutate(toCreateRequest(values.strategyName, rows));
  };

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
          disabled={save.isPending}
        >
          <Space wrap align="start" size="large" className="strategy-head">
            <Form.Item label={LABELS.strategyName} name="strategyName" rules={[yupRule(createStrategySchema, 'strategyName')]}>
              <Input autoComplete="off" className="strategy-name-input" />
            </Form.Item>
            <Form.Item
              label={LABELS.noOfGrids}
              name="noOfGrids"
              normalize={gridDigits}
              rules={[yupRule(createStrategySchema, 'noOfGrids')]}
            >
              <Input inputMode="numeric" maxLength={2} placeholder={`1-${GRIDS_MAX_CREATE}`} className="grid-count-input" />
            </Form.Item>
            <Form.Item label=" ">
              <Space wrap>
                <Button onClick={onAdd}>{LABELS.add}</Button>
                <Button onClick={onAutoFill}>{LABELS.autoFill}</Button>
                <Button onClick={onClear} disabled={grids === 0 || save.isPending}>
                  {LABELS.clear}
                </Button>
              </Space>
            </Form.Item>
          </Space>
          <Typography.Paragraph type="secondary">{LABELS.customPercentagesNote}</Typography.Paragraph>
          {grids > 0 && (
            <>
              <TableErrorSummary message={cellErrors.summary ?? rowsMismatch} />
              <GridTable grids={grids} marketText={TEXT.marketPrice} />
            </>
          )}
          <AllottedTotal showError={grids > 0} />
          <Space>
            <Button type="primary" htmlType="submit" className="strategy-save" disabled={!formValid || save.isPending}>
              {save.isPending ? TEXT.saving : LABELS.save}
            </Button>
            <BacktestButton
              strategy={backtestStrategy}
              read={() =>
                backtestStrategyOf(
                  form.getFieldValue('noOfGrids'),
                  form.getFieldValue('tableData') as StrategyFormRow[] | undefined,
                )
              }
              disabled={save.isPending}
            />
          </Space>
        </Form>
      </Card>
    </>
  );
}
