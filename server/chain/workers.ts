/**
 * The chain role's two parts, started by service.ts when config.chain turns them on: the
 * deposit scanner and the payout worker. Apart from service.ts so that their RPC clients and
 * ethers' providers and contracts load only in a server that scans or pays (bench:startup).
 */
import type { Config } from '../config/config';
import type { DepositSettings, PayoutSettings } from '../config/chain';
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

export interface Stoppable {
  stop(): Promise<void>;
}

export function startPayouts(deps: ChainServiceDeps, settings: PayoutSettings): Stoppable {
  // config.ts refuses HOT_WALLET_ADDRESS without the key in a process with this role.
  if (settings.hotWalletKey === null) throw new Error('the chain role pays withdrawals: HOT_WALLET_PRIVATE_KEY is needed');
  return startPayoutWorker({
    db: deps.db,
    log: deps.log,
    rpcUrl: settings.rpcUrl,
    hotWalletKey: settings.hotWalletKey,
    usdtToken: settings.usdtToken,
    confirmations: settings.confirmations,
    pollMs: settings.pollMs,
    clock: systemClock,
  });
}

export function startDeposits(deps: ChainServiceDeps, settings: DepositSettings): Stoppable | null {
  let reader;
  try {
    reader = connectChain(settings.rpcUrl);
  } catch (error) {
    deps.log.warn({}, `chain role: deposits idle: ${redactedMessage(error, settings.rpcUrl)}`);
    return null;
  }
  const scanner = createDepositScanner({
    db: deps.db,
    reader,
    tokens: settings.tokens,
    confirmations: settings.confirmations,
    scanBlocks: settings.scanBlocks,
    startBlock: settings.startBlock,
    log: deps.log,
  });
  const loop = startScanLoop({
    scan: scanner.scan,
    pollMs: settings.pollMs,
    notifications: deps.notifications,
    log: deps.log,
    describe: (error) => redactedMessage(error, settings.rpcUrl),
  });
  deps.log.info(
    { confirmations: settings.confirmations, pollMs: settings.pollMs },
    `chain role: scanning USDT, IFT and IFX deposits at ${settings.confirmations} confirmations every ${settings.pollMs} ms`,
  );
  return {
    async stop() {
      await loop.stop();
      reader.close();
    },
  };
}
