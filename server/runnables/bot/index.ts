/**
 * The bot as a runnable: its row codec, its statuses and its command protocol. The engine runs
 * bots through it and the domain modules (start, edits, pages) create and read them through it,
 * so neither imports the other.
 */
export { BOT_STATUS, RUNNING_BOT_STATUSES, type BotStatus, type RunningBotStatus } from '../../../common/api/bots';
export {
  figureColumnsOf,
  gridBotOf,
  paramsOf,
  stateColumnOf,
  statusColumnOf,
  stopReasonOf,
  storedGrids,
  storedMarketRules,
  strategyOf,
  type BotRow,
  type StoredGrid,
  type StoredMarketRules,
} from './codec';
export {
  APPLIED,
  COMMAND_KINDS,
  COMMAND_REFUSALS,
  commandResultOf,
  refused,
  storedCommandResult,
  type CommandKind,
  type CommandRefusal,
  type CommandResult,
} from './commands';
export { botCodec, GridRunnable } from './runnable';
