/** Typed platform settings stored as text in the `settings` table. */
import { eq } from 'drizzle-orm';
import {
  MAX_REFERRAL_PERCENT,
  MIN_BOT_AMOUNT_SETTING_DEFAULT,
  type SettingName,
  WITHDRAWAL_DAILY_MAX_DEFAULT,
  WITHDRAWAL_FEE_DEFAULT,
  WITHDRAWAL_MINIMUM_DEFAULT,
  WITHDRAWAL_PENDING_MAX_DEFAULT,
} from '../../../common/constants';
import { Decimal } from '../../../common/money';
import type { Db } from '../../db/database';
import { settings } from '../../db/schema';
import { DomainError } from '../errors';

export interface SettingValues {
  referralMandatory: boolean;
  /** A decimal string (money). */
  minimumBotAmount: string;
  /** The dollar value of one IFC, a decimal string: IFC prices of plans follow it. */
  ifcNewTokenPrice: string;
  /** The referral reward of each sponsor level, level 1 first, in percent (at most 10 in all). */
  levelPercentages: string[];
  /** The smallest reward withdrawal in USDT, fee included, a decimal string; always above the fee. */
  withdrawalMinimum: string;
  /** The BEP-20 network fee taken from each withdrawal in USDT, a decimal string. */
  withdrawalFee: string;
  /** Withdrawals a member may have PENDING at once. */
  withdrawalPendingMax: number;
  /** Withdrawals a member may request in any 24 hours, FAILED ones not counted. */
  withdrawalDailyMax: number;
}

const DEFAULTS: SettingValues = {
  referralMandatory: false,
  minimumBotAmount: MIN_BOT_AMOUNT_SETTING_DEFAULT,
  ifcNewTokenPrice: '1',
  levelPercentages: ['5', '2', '1', '1', '1'],
  withdrawalMinimum: WITHDRAWAL_MINIMUM_DEFAULT,
  withdrawalFee: WITHDRAWAL_FEE_DEFAULT,
  withdrawalPendingMax: WITHDRAWAL_PENDING_MAX_DEFAULT,
  withdrawalDailyMax: WITHDRAWAL_DAILY_MAX_DEFAULT,
};

const DECIMAL = /^\d{1,12}(\.\d{1,8})?$/;
const PERCENT = /^\d{1,2}(\.\d{1,3})?$/;
const COUNT = /^\d{1,6}$/;
const COUNT_SETTINGS: readonly SettingName[] = ['withdrawalPendingMax', 'withdrawalDailyMax'];

/** `5,2,1` -> ['5','2','1']; each level above 0, all together at most MAX_REFERRAL_PERCENT. */
function parseLevels(value: string): string[] {
  const levels = value === '' ? [] : value.split(',').map((part) => part.trim());
  const message = `levelPercentages must be comma-separated percentages above 0 adding up to at most ${MAX_REFERRAL_PERCENT}, e.g. 5,2,1,1,1`;
  if (levels.some((level) => !PERCENT.test(level) || new Decimal(level).isZero()))
    throw new DomainError('settings.invalid', message);
  if (levels.reduce((sum, level) => sum.plus(level), new Decimal(0)).gt(MAX_REFERRAL_PERCENT))
    throw new DomainError('settings.invalid', message);
  return levels.map((level) => new Decimal(level).toFixed());
}

/** Parses the text form an admin types (`true`, `250.5`); throws DomainError('invalid'). */
export function parseSetting<N extends SettingName>(name: N, raw: string): SettingValues[N] {
  const value = raw.trim();
  if (name === 'referralMandatory') {
    if (value !== 'true' && value !== 'false') {
      throw new DomainError('settings.invalid', 'referralMandatory must be true or false');
    }
    return (value === 'true') as SettingValues[N];
  }
  if (name === 'levelPercentages') return parseLevels(value) as SettingValues[N];
  if (COUNT_SETTINGS.includes(name)) {
    if (!COUNT.test(value)) throw new DomainError('settings.invalid', `${name} must be a whole number from 0, e.g. 3`);
    return Number(value) as SettingValues[N];
  }
  if (!DECIMAL.test(value) || (name === 'ifcNewTokenPrice' && new Decimal(value).isZero())) {
    throw new DomainError('settings.invalid', `${name} must be a positive decimal, e.g. 100 or 250.50`);
  }
  return value as SettingValues[N];
}

export async function getSetting<N extends SettingName>(db: Db, name: N): Promise<SettingValues[N]> {
  const [row] = await db.select().from(settings).where(eq(settings.name, name));
  if (!row) return DEFAULTS[name];
  try {
    return parseSetting(name, row.value);
  } catch {
    return DEFAULTS[name]; // a hand-edited bad row must not take the signup page down
  }
}

/**
 * The withdrawal fee is taken from the amount, so the minimum must stay above it or a minimal
 * withdrawal would pay out nothing: each of the two is checked against the other's current value.
 */
async function checkAgainstOthers(db: Db, name: SettingName, value: unknown): Promise<void> {
  if (name === 'withdrawalFee' && new Decimal(value as string).gte(await getSetting(db, 'withdrawalMinimum'))) {
    throw new DomainError(
      'settings.invalid',
      `withdrawalFee must be below withdrawalMinimum (${await getSetting(db, 'withdrawalMinimum')})`,
    );
  }
  if (name === 'withdrawalMinimum' && new Decimal(value as string).lte(await getSetting(db, 'withdrawalFee'))) {
    throw new DomainError(
      'settings.invalid',
      `withdrawalMinimum must be above withdrawalFee (${await getSetting(db, 'withdrawalFee')})`,
    );
  }
}

/** What `set-setting NAME VALUE` does: parse the admin's text, check it against related settings, store it. */
export async function changeSetting<N extends SettingName>(db: Db, name: N, raw: string): Promise<SettingValues[N]> {
  const value = parseSetting(name, raw);
  await checkAgainstOthers(db, name, value);
  await setSetting(db, name, value);
  return getSetting(db, name);
}

export async function setSetting<N extends SettingName>(db: Db, name: N, value: SettingValues[N]): Promise<void> {
  const text = Array.isArray(value) ? value.join(',') : String(value);
  await db
    .insert(settings)
    .values({ name, value: text })
    .onConflictDoUpdate({ target: settings.name, set: { value: text } });
}
