/**
 * Crediting BEP-20 transfers to members, inside the scanner's batch transaction: each transfer
 * to a member's deposit address becomes one chain_deposits row (unique by tx hash and log
 * index) and one ledger credit (key deposit:<txHash>:<logIndex>). A transfer read again after
 * a restart or a reorganisation hits the unique index and is skipped: credited exactly once.
 */
import { inArray } from 'drizzle-orm';
import type { DepositToken } from '../../../common/api/billing';
import { Decimal } from '../../../common/money';
import type { Db } from '../../db/database';
import { chainDeposits, depositAddresses } from '../../db/schema';
import { post } from '../ledger/post';

export interface TransferLog {
  token: DepositToken;
  txHash: string;
  logIndex: number;
  blockNumber: number;
  blockHash: string;
  /** Lower-case addresses. */
  from: string;
  to: string;
  /** Whole tokens, a positive decimal string (ethers.formatUnits). */
  amount: string;
}

export interface CreditedDeposit {
  id: string;
  userId: string;
  token: DepositToken;
  amount: string;
  txHash: string;
  logIndex: number;
}

/** Large enough for a batch, small enough for every driver's parameter limit. */
const LOOKUP_CHUNK = 1_000;

/** deposit address -> member, for the addresses among `addresses` that belong to members. */
async function ownersOf(db: Db, addresses: string[]): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  for (let i = 0; i < addresses.length; i += LOOKUP_CHUNK) {
    const rows = await db
      .select({ userId: depositAddresses.userId, address: depositAddresses.address })
      .from(depositAddresses)
      .where(inArray(depositAddresses.address, addresses.slice(i, i + LOOKUP_CHUNK)));
    for (const row of rows) owners.set(row.address, row.userId);
  }
  return owners;
}

export const depositKey = (txHash: string, logIndex: number) => `deposit:${txHash}:${logIndex}`;

/** Credits the transfers that reach a member; returns the newly credited ones. Call within a transaction. */
export async function creditTransfers(tx: Db, transfers: readonly TransferLog[]): Promise<CreditedDeposit[]> {
  if (transfers.length === 0) return [];
  const owners = await ownersOf(tx, [...new Set(transfers.map((t) => t.to))]);
  const rows = transfers
    .filter((t) => owners.has(t.to))
    .map((t) => ({
      userId: owners.get(t.to)!,
      token: t.token,
      amount: t.amount,
      txHash: t.txHash,
      logIndex: t.logIndex,
      blockNumber: String(t.blockNumber),
      blockHash: t.blockHash,
      fromAddress: t.from,
      toAddress: t.to,
    }));
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(chainDeposits)
    .values(rows)
    .onConflictDoNothing({ target: [chainDeposits.txHash, chainDeposits.logIndex] })
    .returning({
      id: chainDeposits.id,
      userId: chainDeposits.userId,
      token: chainDeposits.token,
      amount: chainDeposits.amount,
      txHash: chainDeposits.txHash,
      logIndex: chainDeposits.logIndex,
    });
  const credited = inserted.map((row) => ({
    ...row,
    token: row.token as DepositToken,
    amount: new Decimal(row.amount).toFixed(),
  }));
  for (const row of credited) {
    await post(tx, {
      key: depositKey(row.txHash, row.logIndex),
      kind: 'deposit',
      reference: row.txHash,
      legs: [{ userId: row.userId, asset: row.token, amount: row.amount }],
    });
  }
  return credited;
}
