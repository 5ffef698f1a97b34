/** Grid strategies: the strategy table, its rules and the strategy screens. */

/** Rules of a strategy and its grid table. */
export const STRATEGY_VALIDATION = {
  gridsRange: 'Please enter a valid number of grids between 1 and 50.',
  allottedTotal: (total: string) => `Total allotted amount should be 100%. Current total: ${total}%`,
  // Strategy rules SPEC states without quoting a message ("all cells required", names, rows).
  strategyNameRequired: 'Strategy name is required.',
  strategyNameMax: 'Strategy name must be at most 50 characters long',
  cellRequired: (grid: number, column: string) => `Grid ${grid}: ${column} is required.`,
  cellNumber: (grid: number, column: string) => `Grid ${grid}: ${column} must be a number of 0 or more (at most 8 decimals).`,
  cellAboveZero: (grid: number, column: string) => `Grid ${grid}: ${column} must be greater than 0.`,
  gridOneAtMarket: 'Grid 1 buys at market price, so its buy percentages must be empty.',
  // Issue 23: a cell shows only these short words under its red outline; the one summary above
  // the table carries the full message naming the grid and column.
  cellRequiredShort: 'Required',
  cellNumberShort: 'Not a valid number',
  cellDigitsShort: 'Too many digits',
  cellAboveZeroShort: 'Must be above 0',
  gridOneAtMarketShort: 'Market price only',
  tableSummary: (first: string, others: number) =>
    others === 0 ? first : `${first} ${others} more ${others === 1 ? 'cell needs' : 'cells need'} a value or a fix.`,
  tableRows: (grids: number) => `The table needs exactly one row per grid, numbered 1 to ${grids}.`,
  detailEntries: (field: string, count: number) => `${field} must have exactly ${count} ${count === 1 ? 'entry' : 'entries'}.`,
  gridCountFixed: 'The number of grids of a saved strategy cannot be changed.',
} as const;

/** What the server answers to strategy saves, edits and deletes. */
export const STRATEGY_SERVER = {
  strategyExists: 'Strategy with the same name already exists',
  strategySaved: 'Strategy saved successfully',
  strategyUpdated: 'Strategy updated successfully',
  strategyDeleted: 'Strategy deleted successfully',
  strategyNotFound: 'Strategy not found',
  systemStrategyReadOnly: 'System strategies cannot be edited or deleted.',
  strategyInUse: 'The strategy is currently in Use, so it cannot be deleted.',
} as const;

/** Toasts of the strategy screens. */
export const STRATEGY_UI = {
  strategyExists: 'Strategy with the same name already exists. Please choose a different name.',
  strategySaveFailed: 'Failed to save strategy. Please try again.',
  strategyInUse: 'The strategy is currently in Use, so it cannot be deleted.',
  strategyDeleteFailed: (message: string) => `Failed to delete strategy: ${message}`,
  strategyDeleted: STRATEGY_SERVER.strategyDeleted,
  strategiesLoadError: 'Error loading strategies',
  strategyDetailError: 'Failed to load strategy details',
  strategyUpdated: STRATEGY_SERVER.strategyUpdated,
  strategyUpdateFailed: 'Failed to update strategy. Please try again.',
} as const;

/** Labels and buttons of the strategy screens. */
export const STRATEGY_LABELS = {
  strategyName: 'Strategy Name',
  noOfGrids: 'Number of Grids',
  add: 'Add',
  autoFill: 'Auto Fill',
  clear: 'Clear',
  save: 'Save',
  saveChanges: 'Save Changes',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  colGridNo: 'No.',
  colAllotted: 'Allotted Amount (%)',
  colBuy: 'Buy (%)',
  colTakeProfit: 'Take Profit (%)',
  colFirstDown: '1st condition (Down)',
  colSecondUp: '2nd condition (Up)',
  colFirstUp: '1st condition (Up)',
  colSecondDown: '2nd condition (Down)',
  customPercentagesNote:
    'Note: custom percentages are allowed. Auto Fill gives a starting point; change any cell to suit your plan.',
  allottedSoFar: (total: string) => `Allotted total: ${total}%`,
  cellAria: (grid: number, column: string) => `Grid ${grid} ${column}`,
  cardGrids: (grids: number) => `Number of Grids: ${grids}`,
  deleteStrategyTitle: (name: string) => `Delete strategy "${name}"?`,
  deleteStrategyBody: 'This cannot be undone.',
  createStrategyButton: 'Create Strategy',
  strategyPickerIntro: 'Choose the kind of bot to start.',
} as const;
