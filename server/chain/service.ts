/**
 * The `chain` role (ROLES=...,chain): the deposit scanner, and the payout worker's start
 * hook. Without BSC_RPC_URL, DEPOSIT_MNEMONIC and the token addresses it does nothing and says
 * why once. The mnemonic and the hot-wallet key stay in `config`: nothing here logs them.
 */
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { NotificationFeed } from '../db/notifications';
import { systemClock } from '../modules/clock';
import { payoutsConfigured } from '../modules/withdrawals/availability';
import type { Log } from '../logging/log';
import { createDepositScanner } from './deposit-scanner';
import { startPayoutWorker } from './payout-worker';
import { connectChain, redactedMessage } from './rpc';
import { startScanLoop } from './scan-loop';
import { chainAvailability } from './settings';

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

/**
 * Reward payouts need the hot wallet and the USDT contract besides the chain; without them
 * withdrawals are refused at the door (modules/withdrawals/availability), so nothing queues.
 * Stopped before the scanner.
 */
function startPayouts(deps: ChainServiceDeps, rpcUrl: string): Stoppable | null {
  const { hotWalletPrivateKey, tokens } = deps.config;
  if (!payoutsConfigured(deps.config) || !hotWalletPrivateKey || !tokens.usdt) {
    deps.log.info({}, 'chain role: reward payouts off (HOT_WALLET_PRIVATE_KEY or TOKEN_USDT unset)');
    return null;
  }
  return startPayoutWorker({ db: deps.db, log: deps.log, rpcUrl, hotWalletKey: hotWalletPrivateKey, usdtToken: tokens.usdt,
    confirmations: deps.config.chainConfirmations, pollMs: deps.config.chainPollMs, clock: systemClock });
}

export function startChainService(deps: ChainServiceDeps): ChainService {
  const availability = chainAvailability(deps.config);
  if (!availability.enabled) {
    deps.log.info({}, `chain role idle: ${availability.reason}`);
    return { stop: async () => undefined };
  }
  const { settings } = availability;
  let reader;
  try {
    reader = connectChain(settings.rpcUrl);
  } catch (error) {
    deps.log.warn({}, `chain role idle: ${redactedMessage(error, settings.rpcUrl)}`);
    return { stop: async () => undefined };
  }
  const scanner = createDepositScanner({ db: deps.db, reader, tokens: settings.tokens, confirmations: settings.confirmations,
    scanBlocks: settings.scanBlocks, startBlock: settings.startBlock, log: deps.log });
  const loop = startScanLoop({ scan: scanner.scan, pollMs: settings.pollMs, notifications: deps.notifications, log: deps.log,
    describe: (error) => redactedMessage(error, settings.rpcUrl) });
  const payouts = startPayouts(deps, settings.rpcUrl);
  deps.log.info({ confirmations: settings.confirmations, pollMs: settings.pollMs }, `chain role: scanning USDT, IFT and IFX deposits at ${settings.confirmations} confirmations every ${settings.pollMs} ms`);
  return {
    async stop() {
      await payouts?.stop();
      await loop.stop();
      reader.close();
    },
  };
}
