/**
 * The member accounts the ledger keeps, and the user-data field each one is shown as
 * (SPEC section 3): usdtToken, ifcNewToken, usdtRewardToken; IFT and IFX are BEP-20 deposits.
 */
export const LEDGER_ASSETS = ['USDT', 'IFC', 'USDT_REWARD', 'IFT', 'IFX'] as const;
export type LedgerAsset = (typeof LEDGER_ASSETS)[number];

/** What caused a posting; one per business operation of the billing service. */
export const LEDGER_KINDS = [
  'deposit',
  'subscription',
  'level_reward',
  'withdrawal',
  'withdrawal_refund',
  'withdrawal_fee',
  'withdrawal_fee_refund',
  'reward_swap',
  'adjustment',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export function isLedgerAsset(value: unknown): value is LedgerAsset {
  return typeof value === 'string' && (LEDGER_ASSETS as readonly string[]).includes(value);
}

/** Amounts are numeric(38,18): at most 20 integer and 18 fractional digits. */
export const LEDGER_SCALE = 18;
export const LEDGER_INTEGER_DIGITS = 20;
