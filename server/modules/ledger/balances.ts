/** Reading the ledger: a member's balances and their history. */
import { and, desc, eq, lt } from 'drizzle-orm';
import { Decimal } from '../../../common/money';
import type { Db } from '../../db/database';
import { ledgerEntries, memberBalances } from '../../db/schema';
import { LEDGER_ASSETS, type LedgerAsset } from './assets';

export type Balances = Record<LedgerAsset, string>;

/** Every account of the member, '0' where nothing was ever posted. */
export async function balancesOf(db: Db, userId: string): Promise<Balances> {
  const rows = await db
    .select({ asset: memberBalances.asset, balance: memberBalances.balance })
    .from(memberBalances)
    .where(eq(memberBalances.userId, userId));
  const balances = Object.fromEntries(LEDGER_ASSETS.map((asset) => [asset, '0'])) as Balances;
  for (const row of rows) balances[row.asset as LedgerAsset] = new Decimal(row.balance).toFixed();
  return balances;
}

export interface LedgerLine {
  id: number;
  asset: LedgerAsset;
  amount: string;
  balanceAfter: string;
  kind: string;
  reason: string | null;
  reference: string | null;
  createdAt: Date;
}

/** The member's entries, newest first, `limit` at a time before the entry id `beforeId`. */
export async function ledgerOf(
  db: Db,
  userId: string,
  options: { limit?: number; beforeId?: number } = {},
): Promise<LedgerLine[]> {
  const rows = await db
    .select({
      id: ledgerEntries.id,
      asset: ledgerEntries.asset,
      amount: ledgerEntries.amount,
      balanceAfter: ledgerEntries.balanceAfter,
      kind: ledgerEntries.kind,
      reason: ledgerEntries.reason,
      reference: ledgerEntries.reference,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.userId, userId), options.beforeId === undefined ? undefined : lt(ledgerEntries.id, options.beforeId)),
    )
    .orderBy(desc(ledgerEntries.id))
    .limit(options.limit ?? 100);
  return rows.map((row) => ({
    ...row,
    asset: row.asset as LedgerAsset,
    amount: new Decimal(row.amount).toFixed(),
    balanceAfter: new Decimal(row.balanceAfter).toFixed(),
  }));
}
