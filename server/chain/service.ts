/**
 * The `chain` role (ROLES=...,chain): the deposit scanner and the payout worker, each started
 * when config.chain says it is on, or named once in the log with why not. It decides nothing
 * itself: the routes refuse deposits and withdrawals from the same answer, so a withdrawal the
 * api role takes always has a worker to pay it. The mnemonic and the hot-wallet key stay in
 * the settings: nothing here logs them.
 */
import type { Config } from '../config';
import type { DepositSettings, PayoutSettings } from '../config-chain';
import type { Db } from '../db/database';
import type { NotificationFeed } from '../db/notifications';
import type { Log } from '../logging/log';
import { systemClock } from '../modules/clock';
import { createDepositScanner } from './deposit-scanner';
import { startPayoutWorker } from './payout-worker';
import { connectChain, redactedMessage } from './rpc';
import { startScanLoop } from './scan-loop';

export interface ChainServiceDeps {
  config: Config;
  db: Db;
  notifications?: NotificationFeed;
  log: Log;
}

export interface ChainService {
  stop(): Promise<void>;
}

interface Stoppable {
  stop(): Promise<void>;
}

function startPayouts(deps: ChainServiceDeps, settings: PayoutSettings): Stoppable {
  // config.ts refuses HOT_WALLET_ADDRESS without the key in a process with this role.
  if (settings.hotWalletKey === null) throw new Error('the chain role pays withdrawals: HOT_WALLET_PRIVATE_KEY is needed');
  return startPayoutWorker({ db: deps.db, log: deps.log, rpcUrl: settings.rpcUrl, hotWalletKey: settings.hotWalletKey,
    usdtToken: settings.usdtToken, confirmations: settings.confirmations, pollMs: settings.pollMs, clock: systemClock });
}

function startDeposits(deps: ChainServiceDeps, settings: DepositSettings): Stoppable | null {
  let reader;
  try {
    reader = connectChain(settings.rpcUrl);
  } catch (error) {
    deps.log.warn({}, `chain role: deposits idle: ${redactedMessage(error, settings.rpcUrl)}`);
    return null;
  }
  const scanner = createDepositScanner({ db: deps.db, reader, tokens: settings.tokens, confirmations: settings.confirmations,
    scanBlocks: settings.scanBlocks, startBlock: settings.startBlock, log: deps.log });
  const loop = startScanLoop({ scan: scanner.scan, pollMs: settings.pollMs, notifications: deps.notifications, log: deps.log,
    describe: (error) => redactedMessage(error, settings.rpcUrl) });
  deps.log.info({ confirmations: settings.confirmations, pollMs: settings.pollMs },
    `chain role: scanning USDT, IFT and IFX deposits at ${settings.confirmations} confirmations every ${settings.pollMs} ms`);
  return {
    async stop() {
      await loop.stop();
      reader.close();
    },
  };
}

export function startChainService(deps: ChainServiceDeps): ChainService {
  const { deposits, payouts } = deps.config.chain;
  if (!deposits.enabled) deps.log.info({}, `chain role: ${deposits.reason}`);
  if (!payouts.enabled) deps.log.info({}, `chain role: ${payouts.reason}`);
  const scanning = deposits.enabled ? startDeposits(deps, deposits.settings) : null;
  const paying = payouts.enabled ? startPayouts(deps, payouts.settings) : null;
  return {
    async stop() {
      await paying?.stop();
      await scanning?.stop();
    },
  };
}
