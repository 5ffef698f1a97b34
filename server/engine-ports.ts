/**
 * The engine's ports, filled from the domain modules. The engine (server/engine) imports no
 * domain module and the domain modules import no engine: what the engine needs of them is
 * handed to it here, where a process composes its engine (start.ts, the engine test process,
 * the tests and the bench).
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
 * The engine runs grid bots: the bot's codec is its runnable (checked here against the kernel's
 * interface). Member commands reach it through the database's notifications, when there are any.
 */
export function enginePorts(deps: { db: Db; config: Config; notifications?: NotificationFeed }): EnginePorts {
  return { memberKey: (userId) => storedKey(deps, userId), runnable: botCodec, notifications: deps.notifications };
}

/**
 * The second engine of the process runs cycles: the cycle's codec is its runnable (checked here
 * as the bot's is). Both engines share the price feed (the exchange's market data), the metrics
 * registry and the member keys; each holds its own leases and its members' user-data streams.
 */
export function cycleEnginePorts(deps: { db: Db; config: Config; notifications?: NotificationFeed }): EnginePorts {
  return { ...enginePorts(deps), runnable: cycleCodec };
}
