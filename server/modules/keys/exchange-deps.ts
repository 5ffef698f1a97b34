/** What a module needs to reach the exchange: the app's config and database, and its exchange services if this process has them. */
import type { Config } from '../../config/config';
import type { Db } from '../../db/database';
import type { ExchangeServices } from '../../exchange/services';

export interface ExchangeDeps {
  config: Config;
  db: Db;
  exchange?: ExchangeServices;
}
