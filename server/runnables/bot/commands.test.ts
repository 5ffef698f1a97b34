import { describe, expect, it } from 'vitest';
import { APPLIED, COMMAND_REFUSALS, commandResultOf, refused, storedCommandResult } from './commands';

describe('the command result protocol', () => {
  it('reads a command the engine has not answered, or answered ok, as applied', () => {
    expect(commandResultOf(null)).toEqual(APPLIED);
    expect(commandResultOf('ok')).toEqual(APPLIED);
    expect(storedCommandResult(APPLIED)).toBe('ok');
  });

  it('gives every refusal back as it was recorded', () => {
    for (const refusal of COMMAND_REFUSALS)
      expect(commandResultOf(storedCommandResult(refused(refusal)))).toEqual(refused(refusal));
  });

  it('keeps the words of a result it does not name, so the member still reads them', () => {
    const result = commandResultOf('Insufficient BTC balance on the exchange to sell.');
    expect(result).toEqual({ kind: 'refused', refusal: 'other', text: 'Insufficient BTC balance on the exchange to sell.' });
    expect(storedCommandResult(result)).toBe('Insufficient BTC balance on the exchange to sell.');
  });
});
