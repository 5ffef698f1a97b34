/**
 * The engine's ports, filled from the domain modules, and the kinds of runnable a process runs.
 * The engine (server/engine) imports no domain module and the domain modules import no engine:
 * what the engine needs of them is handed to it here, where a process composes its engines
 * (start.ts, the engine test process, the tests and the bench).
 */
import type { Config } from './config/config';
import type { Db } from './db/database';
import type { NotificationFeed } from './db/notifications';
import type { EngineOptions } from './engine/engine';
import { storedKey } from './modules/keys/keys';
import { botCodec } from './runnables/bot/index';
import { cycleCodec } from './runnables/cycle/index';

export type EnginePorts = Pick<EngineOptions, 'memberKey' | 'runnable' | 'notifications'>;

/**
 * Every kind of runnable, by its codec (checked here against the kernel's interface): a process
 * with the `engine` role runs one engine per kind, all on the same price feed, metrics registry
 * and member keys, each with its own leases and its members' user-data streams. A new kind is a
 * core, a codec and an entry here; start.ts and the engine test process loop over this list.
 */
export const RUNNABLE_KINDS = { bots: botCodec, cycles: cycleCodec } satisfies Record<string, EngineOptions['runnable']>;

export type RunnableKindName = keyof typeof RUNNABLE_KINDS;

export function isRunnableKindName(name: string): name is RunnableKindName {
  return Object.hasOwn(RUNNABLE_KINDS, name);
}

export const RUNNABLE_KIND_NAMES: readonly RunnableKindName[] = Object.keys(RUNNABLE_KINDS).filter(isRunnableKindName);

/** The ports of the engine of one kind (grid bots unless told). Member commands reach it through the database's notifications, when there are any. */
export function enginePorts(
  deps: { db: Db; config: Config; notifications?: NotificationFeed },
  kind: RunnableKindName = 'bots',
): EnginePorts {
  return { memberKey: (userId) => storedKey(deps, userId), runnable: RUNNABLE_KINDS[kind], notifications: deps.notifications };
}
