import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositAddressesOf } from '../../config/chain-addresses';
import { LOCAL_DEPOSIT_MNEMONIC } from '../../chain/local-chain';
import type { Db } from '../../db/database';
import { depositAddresses } from '../../db/schema';
import { databaseTargets } from '../../testing/databases';
import { insertMember } from '../../testing/members';
import { createTestServer, type TestServer } from '../../testing/server';
import { ensureDepositAddress } from './addresses';

const targets = await databaseTargets();
const derivation = depositAddressesOf(LOCAL_DEPOSIT_MNEMONIC);

describe.each(targets)('deposit addresses on $name', (target) => {
  let server: TestServer;
  let db: Db;
  beforeAll(async () => {
    server = await createTestServer(target);
    db = server.database.db;
  });
  afterAll(() => server?.close());

  const rowOf = async (userId: string) =>
    (await db.select().from(depositAddresses).where(eq(depositAddresses.userId, userId)))[0]!;

  it('stores one lower-case address per member, derived from its hd index, and returns it again', async () => {
    const member = await insertMember(db);
    const address = await ensureDepositAddress(db, derivation, member);
    expect(address).toMatch(/^0x[0-9a-f]{40}$/);
    const row = await rowOf(member);
    expect(row.address).toBe(address);
    expect(derivation.at(row.hdIndex)).toBe(address);
    expect(await ensureDepositAddress(db, derivation, member)).toBe(address);
  });

  it('gives every member a different address', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => insertMember(db)));
    const addresses = await Promise.all(members.map((m) => ensureDepositAddress(db, derivation, m)));
    expect(new Set(addresses).size).toBe(5);
  });

  it("creates one row when a member's first calls race", async () => {
    const member = await insertMember(db);
    const addresses = await Promise.all(Array.from({ length: 10 }, () => ensureDepositAddress(db, derivation, member)));
    expect(new Set(addresses).size).toBe(1);
    expect(await db.select().from(depositAddresses).where(eq(depositAddresses.userId, member))).toHaveLength(1);
    expect(addresses[0]).toBe((await rowOf(member)).address);
  });
});
