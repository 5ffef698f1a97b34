/** What an engine is built from, and its production timings. */
import type { Config } from '../config/config';
import type { Db } from '../db/database';
import type { NotificationFeed } from '../db/notifications';
import type { MemberKey } from '../exchange/core/gateway';
import type { ExchangeServices } from '../exchange/services';
import type { Log } from '../logging/log';
import type { EngineFaults } from './faults';
import type { EngineMetrics } from './metrics';
import type { RunnableCodec } from './runnable';

/** The member's exchange key (null: none bound), from where the keys are kept (modules/keys). */
export type MemberKeyLookup = (userId: string) => Promise<MemberKey | null>;

export interface EngineOptions {
  db: Db;
  config: Config;
  exchange: ExchangeServices;
  /** Given where the engine is composed, so the engine needs no domain module. */
  memberKey: MemberKeyLookup;
  /** What it runs: the runnable's codec (the bot's: runnables/bot/runnable.ts), given where it is composed. */
  runnable: RunnableCodec;
  log: Log;
  /** Member commands are heard through it (absent: they are polled every commandEveryMs). */
  notifications?: NotificationFeed;
  metrics?: EngineMetrics;
  now?: () => number;
  /** A lease lives this long without a heartbeat (default 20 s: takeover within 30 s). */
  leaseMs?: number;
  claimEveryMs?: number;
  claimBatch?: number;
  /** How often commands are looked for while notifications cannot be trusted, and a command not applicable yet is tried again. */
  commandEveryMs?: number;
  reconcileEveryMs?: number;
  cooldownMs?: number;
  unknownRetryMs?: number;
  unknownGiveUpMs?: number;
  faults?: EngineFaults;
}

/**
 * Production timings. A dead engine's runnables are taken over once its leases expired and
 * another engine's next claim runs: within DEFAULT_LEASE_MS + DEFAULT_CLAIM_EVERY_MS of its last
 * renewal (the 30 s). Member commands arrive by notification, or, while notifications
 * cannot be trusted, are polled every DEFAULT_COMMAND_EVERY_MS (within 1 s either way).
 */
export const DEFAULT_LEASE_MS = 20_000;
export const DEFAULT_CLAIM_EVERY_MS = 2_000;
export const DEFAULT_COMMAND_EVERY_MS = 250;
