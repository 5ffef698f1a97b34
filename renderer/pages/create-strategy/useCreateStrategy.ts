/** Create Grid Bot Strategy's form logic: the grid table's rows, the form's readiness, and the save. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CreateStrategyRequest } from '../../../common/api/strategy';
import { AUTO_FILL_PERCENTAGES } from '../../../common/constants';
import { VALIDATION } from '../../../common/messages';
import { ROUTES } from '../../../common/routes';
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
import { api } from '../../api/client';
import { strategySaveErrorMessage } from '../../api/strategyErrors';
import { STRATEGY_KEYS } from '../../api/strategies';
import { useMessage } from '../../app/feedback';
import { backtestStrategyOf } from '../../components/backtest/strategy';
import { allottedCells } from '../../components/strategy/AllottedTotal';
import { toCreateRequest } from '../../components/strategy/rows';
import { isValid } from '../../hooks/yupRule';

export interface CreateForm {
  strategyName: string;
  noOfGrids: string;
  tableData?: StrategyFormRow[];
}

type CreateFormInstance = FormInstance<CreateForm>;

const tableRows = (form: CreateFormInstance) => (form.getFieldValue('tableData') as StrategyFormRow[] | undefined) ?? [];

/** The grid table: how many rows it shows, and Add, Auto Fill and Clear. */
export function useGridRows(form: CreateFormInstance) {
  const [grids, setGrids] = useState(0);
  // Bumped by Add, Auto Fill and Clear: the table is validated once its new cells are mounted.
  const [tableVersion, setTableVersion] = useState(0);

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
    const existing = tableRows(form);
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

  return { grids, onAdd, onAutoFill, onClear };
}

/**
 * The form as watched, so Backtest and Save enable as soon as it is valid and stay disabled
 * until then; and the table's size against a grid count changed after it was built.
 */
export function useCreateFormState(form: CreateFormInstance, grids: number) {
  const watchedName = Form.useWatch('strategyName', form);
  const watchedGrids = Form.useWatch('noOfGrids', form);
  const watchedRows = Form.useWatch('tableData', { form, preserve: true }) as StrategyFormRow[] | undefined;
  // A grid count changed after the table was built: Add rebuilds it, and Save waits for that.
  const typedCount = gridCountOf(watchedGrids);
  return {
    backtestStrategy: backtestStrategyOf(watchedGrids, watchedRows),
    formValid: isValid(createStrategySchema, { strategyName: watchedName, noOfGrids: watchedGrids, tableData: watchedRows }),
    rowsMismatch: grids > 0 && typedCount !== null && typedCount !== grids ? VALIDATION.tableRows(typedCount) : null,
  };
}

/** Saves the strategy, then shows My Strategies; a refusal is said in a toast. */
export function useSaveStrategy(form: CreateFormInstance) {
  const message = useMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (request: CreateStrategyRequest) => api.strategies.create(request),
    onSuccess: async (reply) => {
      message.success(reply.message);
      await queryClient.invalidateQueries({ queryKey: STRATEGY_KEYS.all });
      await navigate(ROUTES.myStrategies);
    },
    onError: (error) => {
      message.error(strategySaveErrorMessage(error));
    },
  });

  // Save is disabled until the form is valid; these checks stay for a submit by the Enter key.
  const onFinish = (values: CreateForm) => {
    const rows = tableRows(form);
    const count = gridCountOf(values.noOfGrids) ?? 0;
    if (rows.length !== count) {
      message.error(VALIDATION.tableRows(count));
      return;
    }
    if (allottedTotalError(allottedCells(rows)) !== null) return;
    save.mutate(toCreateRequest(values.strategyName, rows));
  };

  return { onFinish, saving: save.isPending };
}
