/**
 * The work a started server runs besides answering requests, by its roles (ROLES): the wallet
 * reconciler (api), one engine per kind of runnable (engine) and the chain service (chain); and
 * the shutdown that stops it all in phases (shutdown.ts).
 */
import type { FastifyInstance } from 'fastify';
import { startChainService, type ChainService } from './chain/service';
import type { Config } from './config/config';
import type { Database } from './db/database';
import { startEngine, type Engine } from './engine/engine';
import type { EngineMetrics } from './engine/metrics';
import { enginePorts, RUNNABLE_KIND_NAMES, type RunnableKindName } from './engine-ports';
import type { ExchangeServices } from './exchange/services';
import type { Mailer } from './mail/mailer';
import { systemClock } from './modules/clock';
import { startSettleTimer, type SettleTimer } from './modules/wallet/settle-timer';
import { Shutdown, type ShutdownStep } from './shutdown';

export interface WorkerDeps {
  config: Config;
  database: Database;
  exchange: ExchangeServices;
  app: FastifyInstance;
  metrics: EngineMetrics;
}

export interface Workers {
  reconciler: SettleTimer | null;
  engines: ReadonlyMap<RunnableKindName, Engine>;
  chain: ChainService | null;
}

export async function startWorkers({ config, database, exchange, app, metrics }: WorkerDeps): Promise<Workers> {
  // Wallet operations a dead process or a silent exchange left open; API processes make them.
  const reconciler = config.roles.includes('api')
    ? startSettleTimer({ config, db: database.db, clock: systemClock, exchange }, { log: app.log })
    : null;
  // One engine per kind of runnable (bots, cycles) runs every live one of its kind; several
  // processes share them through leases. All run on the same price feed and metrics (the price
  // gauge is the last price the engines acted on: engine/metrics.ts).
  const portDeps = { db: database.db, config, notifications: database.notifications };
  const engineOf = (kind: RunnableKindName) =>
    startEngine({ db: database.db, config, exchange, ...enginePorts(portDeps, kind), log: app.log, metrics });
  const engines = new Map<RunnableKindName, Engine>(
    config.roles.includes('engine') ? RUNNABLE_KIND_NAMES.map((kind) => [kind, engineOf(kind)]) : [],
  );
  // BEP-20 deposits (and payouts); idle, saying why once, without BSC_RPC_URL and friends.
  const chain = config.roles.includes('chain')
    ? await startChainService({ config, db: database.db, notifications: database.notifications, log: app.log })
    : null;
  return { reconciler, engines, chain };
}

/** Stops taking work and finishes what is in flight, then closes the connections, then the database. */
export function shutdownOf(workers: Workers, deps: Omit<WorkerDeps, 'config' | 'metrics'> & { mailer: Mailer }): Shutdown {
  const { reconciler, engines, chain } = workers;
  const engineSteps: ShutdownStep[] = [...engines].map(([kind, e]) => ({
    name: `${kind} engine`,
    run: () => e.stop(),
    detail: () => (e.sendsInFlight > 0 ? `${e.sendsInFlight} order send(s) in flight` : null),
  }));
  return new Shutdown([
    [
      { name: 'http server (in-flight requests)', run: () => deps.app.close() },
      ...engineSteps,
      ...(chain ? [{ name: 'chain service', run: () => chain.stop() }] : []),
      ...(reconciler ? [{ name: 'wallet reconciler', run: () => reconciler.stop() }] : []),
    ],
    [
      { name: 'exchange connections', run: () => deps.exchange.close() },
      { name: 'mailer', run: async () => deps.mailer.close?.() },
    ],
    [{ name: 'database', run: () => deps.database.close() }],
  ]);
}
