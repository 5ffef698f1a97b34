/**
 * The `chain` role (ROLES=...,chain): the deposit scanner and the payout worker, each started
 * when config.chain says it is on, or named once in the log with why not. It decides nothing
 * itself: the routes refuse deposits and withdrawals from the same answer, so a withdrawal the
 * api role takes always has a worker to pay it. The mnemonic and the hot-wallet key stay in
 * the settings: nothing here logs them.
 */
import type { ChainServiceDeps } from './workers';

export type { ChainServiceDeps } from './workers';

export interface ChainService {
  stop(): Promise<void>;
}

export async function startChainService(deps: ChainServiceDeps): Promise<ChainService> {
  const { deposits, payouts } = deps.config.chain;
  if (!deposits.enabled) deps.log.info({}, `chain role: ${deposits.reason}`);
  if (!payouts.enabled) deps.log.info({}, `chain role: ${payouts.reason}`);
  if (!deposits.enabled && !payouts.enabled) return { stop: async () => undefined };
  // The parts (RPC clients, ethers' providers and contracts) load only when one of them is on.
  const { startDeposits, startPayouts } = await import('./workers');
  const scanning = deposits.enabled ? startDeposits(deps, deposits.settings) : null;
  const paying = payouts.enabled ? startPayouts(deps, payouts.settings) : null;
  return {
    async stop() {
      await paying?.stop();
      await scanning?.stop();
    },
  };
}
