/**
 * Issue 10: the demo member (a known password, sign-in without an invitation) exists only in
 * simulator mode. With EXCHANGE=binance a first start creates nobody.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../testing/databases';
import { createTestServer, type TestServer } from '../../testing/server';
import { findUserByEmail } from '../accounts/users';
import { seedDemoOnFirstStart } from './first-start';
import { DEMO_MEMBER } from './seed';

const targets = await databaseTargets();

describe.each(targets)('the demo member on a first start, on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(target);
  });
  afterAll(() => server?.close());

  const demo = () => findUserByEmail(server.database.db, DEMO_MEMBER.email);

  it('is not created with EXCHANGE=binance, even on the embedded database', async () => {
    expect(await seedDemoOnFirstStart(server.database.db, { ...server.config, databaseUrl: null, exchange: 'binance' })).toBe(
      false,
    );
    expect(await demo()).toBeFalsy();
  });

  it('is not created on an external database', async () => {
    expect(
      await seedDemoOnFirstStart(server.database.db, { ...server.config, databaseUrl: 'postgres://db/x', exchange: 'sim' }),
    ).toBe(false);
    expect(await demo()).toBeFalsy();
  });

  it('is created on the first embedded start in simulator mode, and only then', async () => {
    const embeddedSim = { ...server.config, databaseUrl: null, exchange: 'sim' as const };
    expect(await seedDemoOnFirstStart(server.database.db, embeddedSim)).toBe(true);
    expect(await demo()).toBeTruthy();
    expect(await seedDemoOnFirstStart(server.database.db, embeddedSim)).toBe(false);
  });
});
