/**
 * One engine in a process of its own for bench:takeover, composed as start.ts composes the
 * `engine` role (the production exchange factory against SIM_URL, the bot's runnable, the
 * database's notifications), with LEASE_MS and CLAIM_EVERY_MS from the environment. Prints
 * `engine <id>` on stdout once it runs; the bench SIGKILLs it.
 */
import { loadConfig } from '../../server/config/config';
import { openDatabase } from '../../server/db/database';
import { startEngine } from '../../server/engine/engine';
import { enginePorts } from '../../server/engine-ports';
import { createExchange } from '../../server/exchange/exchange-factory';
import type { Log } from '../../server/logging/log';

const config = loadConfig(process.env);
const number = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const quiet = () => undefined;
const log: Log = {
  info: quiet,
  warn: quiet,
  error: (o, m) =>
    process.stderr.write(
      `[${config.engineId}] ${m} ${JSON.stringify(o, (_k, v: unknown) => (v instanceof Error ? v.message : v))}\n`,
    ),
};

const database = await openDatabase(config);
const exchange = await createExchange(config);
const engine = startEngine({
  db: database.db,
  config,
  exchange,
  ...enginePorts({ db: database.db, config, notifications: database.notifications }),
  log,
  leaseMs: number('LEASE_MS', 20_000),
  claimEveryMs: number('CLAIM_EVERY_MS', 2_000),
});
process.stdout.write(`engine ${engine.id}\n`);

process.once('SIGTERM', () => {
  void (async () => {
    await engine.stop().catch(() => undefined);
    await exchange.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  })();
});
