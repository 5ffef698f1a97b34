import { describe, expect, it } from 'vitest';
import { SERVER, UI } from '../../common/messages';
import { ApiError } from './bridge';
import { strategyDeleteErrorMessage, strategySaveErrorMessage } from './strategyErrors';

describe('strategy error mapping (SPEC section 8)', () => {
  it.each([
    [400, SERVER.strategyExists, 'strategy.exists', UI.strategyExists],
    [400, 'Grid 2: Allotted Amount (%) is required.', 'validation.required', UI.strategySaveFailed],
    // The reason decides, never the words.
    [400, SERVER.strategyExists, 'validation.invalid', UI.strategySaveFailed],
    [500, SERVER.strategyExists, undefined, UI.strategySaveFailed],
    [0, '', undefined, UI.strategySaveFailed],
  ] as const)('save %i %s (%s) -> %s', (status, message, reason, shown) => {
    expect(strategySaveErrorMessage(new ApiError(status, message, reason))).toBe(shown);
  });

  it.each([
    [400, SERVER.strategyInUse, 'strategy.in_use', UI.strategyInUse],
    [400, 'Used by a live bot (worded otherwise)', 'strategy.in_use', UI.strategyInUse],
    [403, SERVER.systemStrategyReadOnly, 'strategy.read_only', UI.strategyDeleteFailed(SERVER.systemStrategyReadOnly)],
    [0, '', undefined, UI.strategyDeleteFailed(UI.genericError)],
  ] as const)('delete %i %s (%s) -> %s', (status, message, reason, shown) => {
    expect(strategyDeleteErrorMessage(new ApiError(status, message, reason))).toBe(shown);
  });
});
