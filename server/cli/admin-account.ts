/**
 * Support staff's account-service commands: plans, a member's ledger, audited credits and
 * debits. A balance is never edited: an adjustment is a ledger posting with its reason.
 */
import { randomUUID } from 'node:crypto';
import { Decimal } from '../../common/decimal';
import type { Db } from '../db/database';
import { findUserByEmail } from '../modules/accounts/users';
import { isLedgerAsset, LEDGER_ASSETS } from '../modules/ledger/assets';
import { balancesOf, ledgerOf } from '../modules/ledger/balances';
import { InsufficientBalance, post } from '../modules/ledger/post';
import { addPlan, listPlans, retirePlan } from '../modules/subscriptions/plans';

export type Flag = (name: string) => string;

export class AccountUsageError extends Error {}

export async function listPlansCommand(db: Db): Promise<string> {
  const plans = await listPlans(db);
  if (plans.length === 0) return 'no plans on offer';
  return plans.map((p) => [p.id, `${p.usdtToken} USDT`, `${p.ifcNewToken} IFC`, `${p.days} days`].join('\t')).join('\n');
}

export async function addPlanCommand(db: Db, flag: Flag): Promise<string> {
  const [price, days] = [flag('price'), flag('days')];
  if (!/^\d{1,12}(\.\d{1,8})?$/.test(price) || new Decimal(price).isZero()) throw new AccountUsageError('--price must be a positive decimal, e.g. 29.99');
  if (!/^\d{1,5}$/.test(days) || Number(days) < 1) throw new AccountUsageError('--days must be a whole number from 1');
  const plan = await addPlan(db, price, Number(days));
  return `plan ${plan.id}: ${plan.days} days for ${plan.usdtToken} USDT (${plan.ifcNewToken} IFC)`;
}

export async function retirePlanCommand(db: Db, planId: string | undefined): Promise<string> {
  if (!planId || !/^[0-9a-f-]{36}$/i.test(planId)) throw new AccountUsageError('PLAN_ID is required (see list-plans)');
  return (await retirePlan(db, planId, new Date())) ? `plan ${planId} retired` : `no plan on offer with id ${planId}`;
}

async function member(db: Db, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) throw new AccountUsageError(`no member with email ${email}`);
  return user;
}

export async function ledgerCommand(db: Db, flag: Flag): Promise<string> {
  const user = await member(db, flag('email'));
  const balances = await balancesOf(db, user.id);
  const lines = (await ledgerOf(db, user.id, { limit: 1000 })).map((l) =>
    [l.createdAt.toISOString(), l.kind, l.asset, l.amount, `balance ${l.balanceAfter}`, l.reason ?? l.reference ?? ''].join('\t'));
  const header = LEDGER_ASSETS.map((asset) => `${asset} ${balances[asset]}`).join('  ');
  return [`${user.email}: ${header}`, ...(lines.length > 0 ? lines : ['no entries'])].join('\n');
}

/** `--amount` is signed: 25 credits, -25 debits. */
export async function adjustCommand(db: Db, flag: Flag): Promise<string> {
  const user = await member(db, flag('email'));
  const asset = flag('asset');
  if (!isLedgerAsset(asset)) throw new AccountUsageError(`--asset must be one of ${LEDGER_ASSETS.join(', ')}`);
  const amount = flag('amount');
  if (!/^-?\d{1,20}(\.\d{1,18})?$/.test(amount) || new Decimal(amount).isZero()) throw new AccountUsageError('--amount must be a non-zero decimal, e.g. 25 or -25');
  const reason = flag('reason');
  try {
    const result = await post(db, { key: `adjustment:${randomUUID()}`, kind: 'adjustment', reason, legs: [{ userId: user.id, asset, amount }] });
    return `${user.email}: ${asset} ${new Decimal(amount).toFixed()} (${reason}); balance now ${result.entries[0]!.balanceAfter}`;
  } catch (error) {
    if (error instanceof InsufficientBalance) throw new AccountUsageError(`${user.email} has less ${asset} than that; nothing changed`);
    throw error;
  }
}
