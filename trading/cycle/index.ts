/** The cycle core (ARCHITECTURE section 5, "Cycle"); exported to other folders by trading/index.ts. */
export {
  createCycle,
  decide as decideCycle,
  applyCycleFill,
  cycleOrderFailed,
  cycleLiquidated,
  endCycle,
  holding as cycleHolds,
} from './cycle';
export {
  stopCycle,
  stopAndSellCycle,
  editCycle,
  cycleEditProblem,
  type CycleEdit,
  type CycleRefusal,
  type CycleCommandResult,
} from './commands';
export { cycleSnapshotOf, restoreCycle, type CycleSnapshot } from './snapshot';
export { cycleParams, type CycleParamsInput } from './params';
export {
  runCycleBacktest,
  createCycleBacktest,
  type CycleBacktestConfig,
  type CycleBacktestResult,
  type CycleBacktest,
} from './backtest';
export type * from './types';
