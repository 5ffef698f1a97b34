/**
 * Failures of the strategy screens mapped to SPEC section 8, by the refusal's reason. Apart from
 * errors.ts so the login route, which loads that file, does not carry the strategy messages.
 */
import { SHARED_UI } from '../../common/messages/shared';
import { STRATEGY_UI } from '../../common/messages/strategies';
import { reasonOf } from './errors';

/** Create strategy: the duplicate name gets its own words, everything else one message. */
export function strategySaveErrorMessage(error: unknown): string {
  if (reasonOf(error) === 'strategy.exists') return STRATEGY_UI.strategyExists;
  return STRATEGY_UI.strategySaveFailed;
}

/** Delete strategy: in use, or 'Failed to delete strategy: {message}' with the server's words. */
export function strategyDeleteErrorMessage(error: unknown): string {
  if (reasonOf(error) === 'strategy.in_use') return STRATEGY_UI.strategyInUse;
  return STRATEGY_UI.strategyDeleteFailed((error instanceof Error ? error.message : '') || SHARED_UI.genericError);
}
