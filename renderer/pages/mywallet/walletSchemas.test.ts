import { describe, expect, it } from 'vitest';
import { VALIDATION } from '../../../common/messages';
import { swapSchema, transferSchema } from './walletSchemas';

const errorOf = async (schema: { validateAt(path: string, value: object): Promise<unknown> }, amount: string) =>
  schema.validateAt('amount', { amount }).then(
    () => null,
    (e: Error) => e.message,
  );

describe('wallet amount rules', () => {
  it('lets a transfer reach free, names what bots hold just above it, and keeps SPEC words beyond the wallet', async () => {
    const schema = transferSchema(() => ({ free: '9000', inBots: '900.32' }));
    expect(await errorOf(schema, '9000')).toBeNull();
    expect(await errorOf(schema, '9000.00000001')).toBe(VALIDATION.heldByBots('900.32', 'USDT'));
    expect(await errorOf(schema, '9900.32')).toBe(VALIDATION.heldByBots('900.32', 'USDT'));
    expect(await errorOf(schema, '9900.33')).toBe(VALIDATION.transferExceeds);
    expect(await errorOf(schema, '0')).toBe(VALIDATION.amountPositive);
  });

  it('refuses any transfer when the balance is unknown, and says SPEC words when bots hold nothing', async () => {
    expect(
      await errorOf(
        transferSchema(() => ({ free: null, inBots: null })),
        '1',
      ),
    ).toBe(VALIDATION.transferExceeds);
    expect(
      await errorOf(
        transferSchema(() => ({ free: '10', inBots: '0' })),
        '10.01',
      ),
    ).toBe(VALIDATION.transferExceeds);
  });

  it('stops a swap at free, in decimals', async () => {
    const schema = swapSchema(() => ({ name: 'BTC', balance: '0.3', atHand: { free: '0.1', inBots: '0.2' } }));
    expect(await errorOf(schema, '0.1')).toBeNull();
    expect(await errorOf(schema, '0.10000001')).toBe(VALIDATION.heldByBots('0.2', 'BTC'));
    expect(await errorOf(schema, '0.30000001')).toBe(VALIDATION.swapInvalid);
    expect(await errorOf(schema, '0')).toBe(VALIDATION.swapInvalid);
    expect(await errorOf(schema, 'abc')).toBe(VALIDATION.swapInvalid);
  });

  it('falls back to the whole balance when the server did not say what is free', async () => {
    const schema = swapSchema(() => ({ name: 'BTC', balance: '0.5', atHand: { free: null, inBots: null } }));
    expect(await errorOf(schema, '0.5')).toBeNull();
    expect(await errorOf(schema, '0.50000001')).toBe(VALIDATION.swapInvalid);
  });
});
