/**
 * Each member's deposit address: BIP-44 m/44'/60'/0'/0/<hdIndex> of DEPOSIT_MNEMONIC, where
 * hdIndex comes from the table's bigserial. The address is stored so Transfer logs are matched
 * with one indexed lookup, and can always be derived again from the mnemonic and the index.
 */
import { eq, sql } from 'drizzle-orm';
import { HDNodeWallet } from 'ethers';
import type { Db } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { depositAddresses } from '../../db/schema';

const ACCOUNT_PATH = "m/44'/60'/0'/0";

/** Deriving the account node runs PBKDF2 over the phrase: do it once per phrase. */
let cached: { mnemonic: string; node: HDNodeWallet } | null = null;

function accountNode(mnemonic: string): HDNodeWallet {
  if (cached?.mnemonic !== mnemonic) cached = { mnemonic, node: HDNodeWallet.fromPhrase(mnemonic, undefined, ACCOUNT_PATH) };
  return cached.node;
}

/** The lower-case address at m/44'/60'/0'/0/<index>. */
export function depositAddressAt(mnemonic: string, index: number): string {
  return accountNode(mnemonic).deriveChild(index).address.toLowerCase();
}

async function storedAddress(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ address: depositAddresses.address }).from(depositAddresses).where(eq(depositAddresses.userId, userId));
  return row?.address ?? null;
}

/**
 * The member's deposit address, created on first use. Concurrent first calls each draw an
 * index from the sequence, one insert wins and all return its address (an unused index is a
 * harmless gap in the HD path).
 */
export async function ensureDepositAddress(db: Db, mnemonic: string, userId: string): Promise<string> {
  const known = await storedAddress(db, userId);
  if (known) return known;
  const [next] = await db.execute<{ index: string }>(sql`SELECT nextval(pg_get_serial_sequence('deposit_addresses', 'hd_index'))::text AS index`)
    .then((result) => rowsOf<{ index: string }>(result));
  const hdIndex = Number(next!.index);
  await db.insert(depositAddresses).values({ userId, hdIndex, address: depositAddressAt(mnemonic, hdIndex) })
    .onConflictDoNothing({ target: depositAddresses.userId });
  return (await storedAddress(db, userId))!;
}
