/** Typed platform settings stored as text in the `settings` table. */
import { eq } from 'drizzle-orm';
import { MIN_BOT_AMOUNT_SETTING_DEFAULT, type SettingName } from '../../../common/constants';
import type { Db } from '../../db/database';
import { settings } from '../../db/schema';
import { DomainError } from '../errors';

export interface SettingValues {
  referralMandatory: boolean;
  /** A decimal string (money). */
  minimumBotAmount: string;
}

const DEFAULTS: SettingValues = {
  referralMandatory: false,
  minimumBotAmount: MIN_BOT_AMOUNT_SETTING_DEFAULT,
};

const DECIMAL = /^\d{1,12}(\.\d{1,8})?$/;

/** Parses the text form an admin types (`true`, `250.5`); throws DomainError('invalid'). */
export function parseSetting<N extends SettingName>(name: N, raw: string): SettingValues[N] {
  const value = raw.trim();
  if (name === 'referralMandatory') {
    if (value !== 'true' && value !== 'false') {
      throw new DomainError('invalid', 'referralMandatory must be true or false');
    }
    return (value === 'true') as SettingValues[N];
  }
  if (!DECIMAL.test(value)) {
    throw new DomainError('invalid', 'minimumBotAmount must be a positive decimal, e.g. 100 or 250.50');
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

export async function setSetting<N extends SettingName>(db: Db, name: N, value: SettingValues[N]): Promise<void> {
  const text = String(value);
  await db
    .insert(settings)
    .values({ name, value: text })
    .onConflictDoUpdate({ target: settings.name, set: { value: text } });
}
