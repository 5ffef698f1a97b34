/** The strategy screens' query keys (SPEC section 7, Strategies), so a save or delete refreshes every list that shows strategies. */
export const STRATEGY_KEYS = {
  all: ['strategies'] as const,
  list: ['strategies', 'list'] as const,
  detail: (name: string) => ['strategies', 'detail', name] as const,
};
