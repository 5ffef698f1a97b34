/**
 * The cycle as a runnable: its row codec and its command protocol. The engine runs cycles through
 * it and the domain modules (start, edit, stop, pages) create and read them through it.
 */
export { cycleMarketOf, cycleOf, cycleParamsOf, newCycleState, type CycleRow } from './codec';
export {
  CYCLE_COMMAND_KINDS,
  CYCLE_EDIT_REFUSALS,
  cycleEditRefusalOf,
  cycleEditRefused,
  type CycleCommandKind,
  type CycleEditRefusal,
} from './commands';
export { CycleRunnable, cycleCodec, type CycleStatusColumn } from './runnable';
