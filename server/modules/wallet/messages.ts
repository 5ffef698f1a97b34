/** What the wallet operations tell the member, and what they note on a settled record. */
import type { Market } from '../../exchange/core/gateway';

export const WALLET_MESSAGES = {
  wrongDirection: (from: Market, to: Market) => `This call transfers from ${from} to ${to}.`,
  unknownOutcome: 'The exchange did not confirm the operation. Check your balances before trying again.',
  repeated: 'This request was already submitted.',
  keyReused: 'This Idempotency-Key was already used for a different request.',
  busy: 'Another transfer or swap of yours is still in progress. Please try again in a moment.',
  noMarket: (asset: string) => `${asset} cannot be swapped: there is no ${asset}/USDT market.`,
  belowMinimum: (min: string) => `The swap is below the exchange's minimum order value of ${min} USDT.`,
  insufficient: (asset: string, free: string) => `Insufficient ${asset} balance: ${free} available.`,
  // Notes the reconciler leaves on records it settles (the member never sent these requests twice).
  notInHistory: "The transfer is not in the exchange's transfer history: it did not happen.",
  orderNotFound: 'The exchange does not know the order: it was never placed.',
  orderNotFilled: (status: string) => `The exchange did not fill the order (${status}).`,
} as const;
