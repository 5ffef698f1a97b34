import { describe, expect, it } from 'vitest';
import { SERVER, UI } from '../../common/messages';
import { ApiError } from './bridge';
import { strategyDeleteErrorMessage, strategySaveErrorMessage } from './errors';

describe('strategy error mapping (SPEC section 8)', () => {
  it.each([
    [400, SERVER.strategyExists, UI.strategyExists],
    [400, 'Grid 2: Allotted Amount (%) is required.', UI.strategySaveFailed],
    [500, SERVER.strategyExists, UI.strategySaveFailed],
    [0, '', UI.strategySaveFailed],
  ])('save %i %s -> %s', (status, message, shown) => {
    expect(strategySaveErrorMessage(new ApiError(status, message))).toBe(shown);
  });

  it.each([
    [400, SERVER.strategyInUse, UI.strategyInUse],
    [403, SERVER.systemStrategyReadOnly, UI.strategyDeleteFailed(SERVER.systemStrategyReadOnly)],
    [0, '', UI.strategyDeleteFailed(UI.genericError)],
  ])('delete %i %s -> %s', (status, message, shown) => {
    expect(strategyDeleteErrorMessage(new ApiError(status, message))).toBe(shown);
  });
});
