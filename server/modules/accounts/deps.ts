import type { Config } from '../../config/config';
import type { Db } from '../../db/database';
import type { Mailer } from '../../mail/mailer';
import type { Clock } from '../clock';

/** What the account flows need; routes pass the app's instances, tests their own. */
export interface AccountDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<
    Config,
    'argon2' | 'secretsKey' | 'appWebUrl' | 'sessionTtlHours' | 'loginThrottle' | 'otpDailyMax' | 'resetMailHourlyMax'
  >;
  clock: Clock;
}
