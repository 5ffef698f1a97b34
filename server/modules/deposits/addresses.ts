/**
 * Each member's deposit address: BIP-44 m/44'/60'/0'/0/<hdIndex> of DEPOSIT_MNEMONIC, where
 * hdIndex comes from the table's bigserial. The address is stored so Transfer logs are matched
 * with one indexed lookup, and can always be derived again from the mnemonic and the index.
 * The derivation itself is server/chain's (config.chain.deposits.settings.addresses): this
 * module speaks no ethers.
 */
import { eq, sql } from 'drizzle-orm';
import type { DepositAddresses } from '../../config/chain';
import type { Db } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { depositAddresses } from '../../db/schema';

async function storedAddress(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ address: depositAddresses.address })
    .from(depositAddresses)
    .where(eq(depositAddresses.userId, userId));
  return row?.address ?? null;
}

/**
 * The member's deposit address, created on first use. Concurrent first calls each draw an
 * index from the sequence, one insert wins and all return its address (an unused index is a
 * harmless gap in the HD path).
 */
export async function ensureDepositAddress(db: Db, addresses: DepositAddresses, userId: string): Promise<string> {
  const known = await storedAddress(db, userId);
  if (known) return known;
  const [next] = await db
    .execute<{ index: string }>(sql`SELECT nextval(pg_get_serial_sequence('deposit_addresses', 'hd_index'))::text AS index`)
    .then((result) => rowsOf<{ index: string }>(result));
  const hdIndex = Number(next!.index);
  await db
    .insert(depositAddresses)
    .values({ userId, hdIndex, address: addresses.at(hdIndex) })
    .onConflictDoNothing({ target: depositAddresses.userId });
  return (await storedAddress(db, userId))!;
}
