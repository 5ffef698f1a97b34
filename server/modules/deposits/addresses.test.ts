import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_DEPOSIT_MNEMONIC } from '../../chain/local-chain';
import type { Db } from '../../db/database';
import { depositAddresses } from '../../db/schema';
import { databaseTargets } from '../../testing/databases';
import { insertMember } from '../../testing/members';
import { createTestServer, type TestServer } from '../../testing/server';
import { depositAddressAt, ensureDepositAddress } from './addresses';

const targets = await databaseTargets();
const mnemonic = LOCAL_DEPOSIT_MNEMONIC;

describe('deposit address derivation', () => {
  it('follows BIP-44 m/44\'/60\'/0\'/0/<index> (the well-known development addresses)', () => {
    expect(depositAddressAt(mnemonic, 0)).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
    expect(depositAddressAt(mnemonic, 1)).toBe('0x70997970c51812dc3a010c7d01b50e0d17dc79c8');
    expect(depositAddressAt('myth like bonus scare over problem client lizard pioneer submit female collect', 1)).not.toBe(depositAddressAt(mnemonic, 1));
  });
});

describe.each(targets)('deposit addresses on $name', (target) => {
  let server: TestServer;
  let db: Db;
  beforeAll(async () => {
    server = await createTestServer(target);
    db = server.database.db;
  });
  afterAll(() => server?.close());

  const rowOf = async (userId: string) => (await db.select().from(depositAddresses).where(eq(depositAddresses.userId, userId)))[0]!;

  it('stores one lower-case address per member, derived from its hd index, and returns it again', async () => {
    const member = await insertMember(db);
    const address = await ensureDepositAddress(db, mnemonic, member);
    expect(address).toMatch(/^0x[0-9a-f]{40}$/);
    const row = await rowOf(member);
    expect(row.address).toBe(address);
    expect(depositAddressAt(mnemonic, row.hdIndex)).toBe(address);
    expect(await ensureDepositAddress(db, mnemonic, member)).toBe(address);
  });

  it('gives every member a different address', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => insertMember(db)));
    const addresses = await Promise.all(members.map((m) => ensureDepositAddress(db, mnemonic, m)));
    expect(new Set(addresses).size).toBe(5);
  });

  it('creates one row when a member\'s first calls race', async () => {
    const member = await insertMember(db);
    const addresses = await Promise.all(Array.from({ length: 10 }, () => ensureDepositAddress(db, mnemonic, member)));
    expect(new Set(addresses).size).toBe(1);
    expect(await db.select().from(depositAddresses).where(eq(depositAddresses.userId, member))).toHaveLength(1);
    expect(addresses[0]).toBe((await rowOf(member)).address);
  });
});
