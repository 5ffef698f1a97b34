/**
 * Strategy channels (SPEC section 7, Strategies): create, lists, detail, edit, delete, grid count,
 * backtest. Each is an operation of common/ops/strategies.ts under its own name. Main checks only
 * the bounded shape of a payload (below) and forwards it; the server's schemas own the rules and
 * their SPEC messages.
 */
import * as yup from 'yup';
import { GRIDS_MAX_CREATE } from '../../constants';
import type { strategiesOps } from '../../ops/strategies';
import { boundedString as str, emptyPayload as empty, type OpChannels, type PayloadSchemas } from './shared';

export type StrategiesChannels = OpChannels<typeof strategiesOps>;

/** A percentage cell: a short string, a finite number, or empty; the rules run on the server. */
const cell = yup
  .mixed<string | number>()
  .nullable()
  .optional()
  .test('cell', 'a cell must be a short string or a number', (v) =>
    v === null || v === undefined || (typeof v === 'string' && v.length <= 40) || (typeof v === 'number' && Number.isFinite(v)),
  );
const cells = yup.array().of(cell).max(GRIDS_MAX_CREATE).defined();
const gridCount = yup.mixed<string | number>().test('grids', 'noOfGrids must be a short string or a number', (v) =>
  (typeof v === 'string' && v.length <= 10) || (typeof v === 'number' && Number.isFinite(v)),
);
const name = str(200);

const row = yup
  .object({
    gridNo: yup.number().integer().defined(),
    allottedAmountPercentagePerOrder: cell,
    buyPercentage: cell,
    buyPercentageUp: cell,
    takeProfitPercentage: cell,
    takeProfitPercentageDown: cell,
  })
  .noUnknown(true);

/** Bounded shapes only; the server's backtestSchema owns the rules and their messages. */
const optionalNumber = yup.mixed<string | number>().nullable().optional().test('number', 'must be a short string or a number', (v) =>
  v === null || v === undefined || (typeof v === 'string' && v.length <= 40) || (typeof v === 'number' && Number.isFinite(v)),
);
const backtestPayload = yup
  .object({
    strategy: yup
      .object({ strategyName: str(200).optional(), noOfGrids: gridCount, tableData: yup.array().of(row).max(GRIDS_MAX_CREATE).defined() })
      .noUnknown(true)
      .default(undefined)
      .optional(),
    strategy_name: str(200).optional(),
    pair: str(40),
    amount: optionalNumber.defined(),
    days: yup.number().defined(),
    profitBookAt: optionalNumber,
    pausePrice: optionalNumber,
    restartPrice: optionalNumber,
    stoplossPrice: optionalNumber,
    overbuyProtection: yup.number().nullable().optional(),
  })
  .noUnknown(true);

export const strategiesPayloadSchemas: PayloadSchemas<StrategiesChannels> = {
  'strategies:create': yup
    .object({ strategyName: name, noOfGrids: gridCount, tableData: yup.array().of(row).max(GRIDS_MAX_CREATE).defined() })
    .noUnknown(true),
  'strategies:list': empty,
  'strategies:mine': empty,
  'strategies:system': empty,
  'strategies:mineScalping': empty,
  'strategies:systemScalping': empty,
  'strategies:detail': yup.object({ strategy_name: name }).noUnknown(true),
  'strategies:edit': yup
    .object({
      dataToSend: yup
        .object({
          strategy_name: name,
          No_of_order: gridCount,
          allotted_amount_percentage_per_order: cells,
          buy_percentage: cells,
          buy_percentage_up: cells,
          takeprofit_percentage: cells,
          takeprofit_percentage_down: cells,
        })
        .noUnknown(true)
        .defined(),
    })
    .noUnknown(true),
  'strategies:delete': yup.object({ strategy_name: name }).noUnknown(true),
  'strategies:gridCount': yup.object({ strategyName: name }).noUnknown(true),
  'strategies:backtest': backtestPayload,
};
