/**
 * A Future bot or cycle may not plan a position its leverage cannot carry: the exchange refuses
 * an order past the pair's brackets at that leverage, and past them the position would be
 * liquidated above its entry on the next price. Checked at the start, with the brackets it asks
 * the exchange for (trading/futures.ts maxPositionAt).
 */
import { SERVER } from '../../../common/messages';
import type { Decimal } from '../../../common/money';
import type { LeverageBracket } from '../../exchange/core/gateway';
import { maxPositionAt } from '../../../trading/index';
import { DomainError } from '../errors';

/** Refuses `amount` (the margin) at `leverage` when its notional passes what the brackets allow. */
export function checkPositionLimit(
  pair: string,
  amount: Decimal,
  futures: { leverage: number; brackets: readonly LeverageBracket[] },
): void {
  const max = maxPositionAt(futures.brackets, futures.leverage);
  if (max === null || amount.times(futures.leverage).gt(max)) {
    throw new DomainError(
      'futures.position_too_large',
      SERVER.futuresPositionTooLarge(pair, futures.leverage, (max ?? 0).toFixed()),
    );
  }
}
