/**
 * Subscription plans: days for a USDT price. The IFC price is not stored: it follows the
 * ifcNewTokenPrice setting (USDT per IFC), rounded up to IFC_DECIMALS so a purchase in IFC never
 * pays less than the plan's dollar price.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { Decimal } from '../../../common/money';
import type { Db } from '../../db/database';
import { subscriptionPlans } from '../../db/schema';
import { getSetting } from '../settings/settings';

export const IFC_DECIMALS = 8;

export interface Plan {
  id: string;
  usdtToken: string;
  ifcNewToken: string;
  days: number;
}

export function ifcPriceOf(usdtPrice: Decimal.Value, ifcNewTokenPrice: Decimal.Value): string {
  return new Decimal(usdtPrice).div(ifcNewTokenPrice).toDecimalPlaces(IFC_DECIMALS, Decimal.ROUND_UP).toFixed();
}

interface PlanRow {
  id: string;
  usdtPrice: string;
  days: number;
}

function planOf(row: PlanRow, ifcNewTokenPrice: string): Plan {
  return {
    id: row.id,
    usdtToken: new Decimal(row.usdtPrice).toFixed(),
    ifcNewToken: ifcPriceOf(row.usdtPrice, ifcNewTokenPrice),
    days: row.days,
  };
}

const planColumns = { id: subscriptionPlans.id, usdtPrice: subscriptionPlans.usdtPrice, days: subscriptionPlans.days };

/** The plans on offer, shortest first. */
export async function listPlans(db: Db): Promise<Plan[]> {
  const [rows, price] = await Promise.all([
    db
      .select(planColumns)
      .from(subscriptionPlans)
      .where(isNull(subscriptionPlans.retiredAt))
      .orderBy(asc(subscriptionPlans.days), asc(subscriptionPlans.usdtPrice)),
    getSetting(db, 'ifcNewTokenPrice'),
  ]);
  return rows.map((row) => planOf(row, price));
}

/** An offered plan, or null when it does not exist or was retired. */
export async function offeredPlan(db: Db, planId: string): Promise<Plan | null> {
  const [row] = await db
    .select(planColumns)
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.id, planId), isNull(subscriptionPlans.retiredAt)));
  return row ? planOf(row, await getSetting(db, 'ifcNewTokenPrice')) : null;
}

/** Support staff: a new plan (admin CLI). */
export async function addPlan(db: Db, usdtPrice: string, days: number): Promise<Plan> {
  const price = new Decimal(usdtPrice);
  if (!price.isFinite() || price.lte(0) || price.decimalPlaces() > 8)
    throw new RangeError('price must be a positive decimal with at most 8 decimals');
  if (!Number.isInteger(days) || days <= 0) throw new RangeError('days must be a positive integer');
  const [row] = await db.insert(subscriptionPlans).values({ usdtPrice: price.toFixed(), days }).returning(planColumns);
  return planOf(row!, await getSetting(db, 'ifcNewTokenPrice'));
}

/** Support staff: stops offering a plan; returns false when there was no such offered plan. */
export async function retirePlan(db: Db, planId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(subscriptionPlans)
    .set({ retiredAt: now })
    .where(and(eq(subscriptionPlans.id, planId), isNull(subscriptionPlans.retiredAt)))
    .returning({ id: subscriptionPlans.id });
  return rows.length > 0;
}
