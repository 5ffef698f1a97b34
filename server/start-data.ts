/**
 * What a start does to the data before the server listens, once the app is built: says how a
 * new embedded database came to be, that the demo member was seeded, re-seals exchange secrets
 * an earlier version sealed straight under SECRETS_KEY, and on a first start in simulator mode
 * gives the demo member keys and a running bot. Each is logged on the app's logger.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from './config/config';
import type { Database } from './db/database';
import { NO_TEMPLATE } from './db/pglite-template';
import type { ExchangeServices } from './exchange/services';
import { DEMO_MEMBER } from './modules/demo/seed';
import { seedDemoTrading } from './modules/demo/trading';
import { resealLegacySecrets } from './modules/keys/reseal-legacy';

type Logger = FastifyInstance['log'];

function logNewDatabase(database: Database, log: Logger): void {
  const init = database.pgliteInit;
  if (!init || init.from === 'existing') return;
  log.info(`new PGlite database from ${init.from === 'template' ? 'the bundled template' : 'initdb'}`);
  // Only a template that exists but does not fit is worth a warning.
  if (init.note && init.note !== NO_TEMPLATE) log.warn(`PGlite ${init.note}`);
}

async function resealSecrets(database: Database, config: Config, log: Logger): Promise<void> {
  const resealed = await resealLegacySecrets(database.db, config.secretsKey);
  if (resealed.resealed > 0) log.info(`re-sealed ${resealed.resealed} exchange secret(s) under the derived sealing key`);
  if (resealed.unreadable.length > 0) {
    log.warn(
      `${resealed.unreadable.length} stored exchange secret(s) do not open under SECRETS_KEY (members ${resealed.unreadable.join(', ')}); rotate-secrets-key with the key they were sealed with, or those members connect their API keys again`,
    );
  }
}

export async function prepareData(deps: {
  config: Config;
  database: Database;
  exchange: ExchangeServices;
  log: Logger;
  seeded: boolean;
}): Promise<void> {
  const { config, database, exchange, log, seeded } = deps;
  logNewDatabase(database, log);
  // No command named: this line is also in the desktop's log and a production server's, where
  // `npm run seed:demo` (a development tool, not built into dist/) does not run.
  if (seeded)
    log.info(
      `seeded the demo member ${DEMO_MEMBER.email} (simulator mode only; its password is in the README's First steps as a member)`,
    );
  await resealSecrets(database, config, log);
  if (seeded && exchange.simulator) {
    // Only a first start gets keys and a bot: the in-process simulator keeps its accounts in
    // DATA_DIR/simulator-state.json, so these keys keep working on later starts.
    await seedDemoTrading({ config, db: database.db, exchange })
      .then((botId) => botId && log.info(`the demo member trades on the simulator (bot ${botId})`))
      .catch((error: unknown) => log.warn({ err: error }, 'could not start the demo bot'));
  }
}
