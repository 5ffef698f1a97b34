/** OpenAPI response schemas of the Strategies calls (SPEC section 7). */
const str = { type: 'string' } as const;
const strings = { type: 'array', items: str } as const;

export const strategyList = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      strategy_name: str,
      No_of_order: { type: 'integer' },
      status: { type: 'string', enum: ['active', 'inactive'] },
      _id: str,
    },
    required: ['strategy_name', 'No_of_order', 'status', '_id'],
  },
} as const;

export const strategyDetail = {
  type: 'object',
  properties: {
    strategy_name: str,
    No_of_order: { type: 'integer' },
    allotted_amount_percentage_per_order: strings,
    buy_percentage: strings,
    buy_percentage_up: strings,
    takeprofit_percentage: strings,
    takeprofit_percentage_down: strings,
  },
  required: [
    'strategy_name',
    'No_of_order',
    'allotted_amount_percentage_per_order',
    'buy_percentage',
    'buy_percentage_up',
    'takeprofit_percentage',
    'takeprofit_percentage_down',
  ],
} as const;

export const gridCountResponse = {
  type: 'object',
  properties: { noOfGrid: { type: 'integer' } },
  required: ['noOfGrid'],
} as const;
