/**
 * Support staff's billing-service commands: plans, a member's ledger, audited credits and
 * debits. A balance is never edited: an adjustment is a ledger posting with its reason.
 */
import { randomUUID } from 'node:crypto';
import { Decimal } from '../../common/money';
import type { Db } from '../db/database';
import { findUserByEmail } from '../modules/accounts/users';
import { isLedgerAsset, LEDGER_ASSETS } from '../modules/ledger/assets';
import { balancesOf, ledgerOf } from '../modules/ledger/balances';
import { InsufficientBalance, post } from '../modules/ledger/post';
import { addPlan, listPlans, retirePlan } from '../modules/subscriptions/plans';
import { UsageError } from './usage-error';

export type Flag = (name: string) => string;
/** An optional flag's value, undefined when it is not given. */
export type OptionalFlag = (name: string) => string | undefined;

export async function listPlansCommand(db: Db): Promise<string> {
  const plans = await listPlans(db);
  if (plans.length === 0) return 'no plans on offer';
  return plans.map((p) => [p.id, `${p.usdtToken} USDT`, `${p.ifcNewToken} IFC`, `${p.days} days`].join('\t')).join('\n');
}

export async function addPlanCommand(db: Db, flag: Flag): Promise<string> {
  const [price, days] = [flag('price'), flag('days')];
  if (!/^\d{1,12}(\.\d{1,8})?$/.test(price) || new Decimal(price).isZero())
    throw new UsageError('--price must be a positive decimal, e.g. 29.99');
  if (!/^\d{1,5}$/.test(days) || Number(days) < 1) throw new UsageError('--days must be a whole number from 1');
  const plan = await addPlan(db, price, Number(days));
  return `plan ${plan.id}: ${plan.days} days for ${plan.usdtToken} USDT (${plan.ifcNewToken} IFC)`;
}

export async function retirePlanCommand(db: Db, planId: string | undefined): Promise<string> {
  if (!planId || !/^[0-9a-f-]{36}$/i.test(planId)) throw new UsageError('PLAN_ID is required (see list-plans)');
  return (await retirePlan(db, planId, new Date())) ? `plan ${planId} retired` : `no plan on offer with id ${planId}`;
}

async function member(db: Db, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) throw new UsageError(`no member with email ${email}`);
  return user;
}

export const LEDGER_PAGE_DEFAULT = 100;
export const LEDGER_PAGE_MAX = 1000;

function ledgerPage(optional: OptionalFlag): { limit: number; beforeId: number | undefined } {
  const [limit, before] = [optional('limit'), optional('before')];
  if (limit !== undefined && (!/^\d{1,4}$/.test(limit) || Number(limit) < 1 || Number(limit) > LEDGER_PAGE_MAX)) {
    throw new UsageError(`--limit must be a whole number from 1 to ${LEDGER_PAGE_MAX}`);
  }
  if (before !== undefined && (!/^\d{1,15}$/.test(before) || Number(before) < 1)) {
    throw new UsageError('--before must be an entry id (the first column of ledger)');
  }
  return {
    limit: limit === undefined ? LEDGER_PAGE_DEFAULT : Number(limit),
    beforeId: before === undefined ? undefined : Number(before),
  };
}

/**
 * The member's balances and a page of their entries, newest first, each led by its id. Paged by
 * id (`--before`), not by offset, so entries posted meanwhile never shift a page; a last line
 * gives the command for the next, older page.
 */
export async function ledgerCommand(db: Db, flag: Flag, optional: OptionalFlag): Promise<string> {
  const user = await member(db, flag('email'));
  const { limit, beforeId } = ledgerPage(optional);
  const balances = await balancesOf(db, user.id);
  const entries = await ledgerOf(db, user.id, { limit: limit + 1, beforeId });
  const shown = entries.slice(0, limit);
  const lines = shown.map((l) =>
    [l.id, l.createdAt.toISOString(), l.kind, l.asset, l.amount, `balance ${l.balanceAfter}`, l.reason ?? l.reference ?? ''].join(
      '\t',
    ),
  );
  if (entries.length > limit) {
    const next = `--before ${shown[shown.length - 1]!.id}${limit === LEDGER_PAGE_DEFAULT ? '' : ` --limit ${limit}`}`;
    lines.push(`older entries: npm run admin -- ledger --email ${user.email} ${next}`);
  }
  const header = LEDGER_ASSETS.map((asset) => `${asset} ${balances[asset]}`).join('  ');
  const none = beforeId === undefined ? 'no entries' : `no entries before id ${beforeId}`;
  return [`${user.email}: ${header}`, ...(lines.length > 0 ? lines : [none])].join('\n');
}

/** `--amount` is signed: 25 credits, -25 debits. */
export async function adjustCommand(db: Db, flag: Flag): Promise<string> {
  const user = await member(db, flag('email'));
  const asset = flag('asset');
  if (!isLedgerAsset(asset)) throw new UsageError(`--asset must be one of ${LEDGER_ASSETS.join(', ')}`);
  const amount = flag('amount');
  if (!/^-?\d{1,20}(\.\d{1,18})?$/.test(amount) || new Decimal(amount).isZero())
    throw new UsageError('--amount must be a non-zero decimal, e.g. 25 or -25');
  const reason = flag('reason');
  try {
    const result = await post(db, {
      key: `adjustment:${randomUUID()}`,
      kind: 'adjustment',
      reason,
      legs: [{ userId: user.id, asset, amount }],
    });
    return `${user.email}: ${asset} ${new Decimal(amount).toFixed()} (${reason}); balance now ${result.entries[0]!.balanceAfter}`;
  } catch (error) {
    if (error instanceof InsufficientBalance) throw new UsageError(`${user.email} has less ${asset} than that; nothing changed`);
    throw error;
  }
}
