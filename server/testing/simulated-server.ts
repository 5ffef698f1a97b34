/**
 * A test server trading on a fresh exchange simulator (server.ts' createTestServer with the
 * simulator's exchange services), and members who can trade on it. Apart from server.ts so that
 * tests without an exchange do not load the simulator.
 */
import type { Env } from '../config/config';
import { exchangeKeys } from '../db/schema';
import { testExchange } from '../exchange/testing/exchange';
import { sealSecret, SECRET_KEY_VERSION } from '../modules/keys/crypto';
import { saveKeys } from '../modules/keys/keys';
import { grant } from '../modules/subscriptions/subscriptions';
import type { DatabaseTarget } from './databases';
import { register, type Registered } from './members';
import { createTestServer, type TestServer } from './server';

/** Exchange services around a simulator the test drives (its control API: prices, accounts, faults). */
export type SimulatedExchange = Awaited<ReturnType<typeof testExchange>>;

export interface SimulatedServer extends TestServer {
  exchange: SimulatedExchange;
}

/**
 * A test server on a fresh simulator whose `prices` (symbol -> price) are set before the server
 * starts; close() closes the exchange too, after the server. A second server on the same
 * exchange (`createTestServer(target, env, { exchange: server.exchange })`) must close first.
 */
export async function createSimulatedServer(
  target: DatabaseTarget,
  env: Env = {},
  prices: Record<string, string> = {},
): Promise<SimulatedServer> {
  const exchange = await testExchange();
  try {
    for (const [symbol, price] of Object.entries(prices)) exchange.simulator.control.setPrice(symbol, price);
    const server = await createTestServer(target, env, { exchange });
    return {
      ...server,
      exchange,
      close: async () => {
        await server.close();
        await exchange.close();
      },
    };
  } catch (error) {
    await exchange.close();
    throw error;
  }
}

/**
 * A member who may start bots and cycles: a subscription, and keys (saved as API Setting saves
 * them) to a new IP-restricted account on `server`'s simulator holding these spot and futures
 * USDT. Signed up on `server`, or on `on`, another server sharing its exchange.
 */
export async function subscribedTrader(
  server: SimulatedServer,
  usdt: { spot: string; futures: string },
  on: TestServer = server,
): Promise<Registered> {
  const { exchange } = server;
  const who = await register(on);
  await grant(on.database.db, who.userId, 30, 'test');
  const key = exchange.simulator.control.createAccount({
    balances: { USDT: usdt.spot },
    futuresBalances: { USDT: usdt.futures },
    ipRestrict: true,
  });
  await saveKeys({ config: on.config, db: on.database.db, exchange }, who.userId, key);
  return who;
}

/**
 * A member with a subscription whose stored keys the exchange refuses (revoked there since they
 * were saved): written straight to the database, as saving them now would be refused.
 */
export async function revokedKeysTrader(on: TestServer): Promise<Registered> {
  const who = await register(on);
  await grant(on.database.db, who.userId, 30, 'test');
  await on.database.db.insert(exchangeKeys).values({
    userId: who.userId,
    apiKey: 'revoked-key',
    ipRestricted: true,
    secretCiphertext: sealSecret(on.config.secretsKey, who.userId, 'revoked-secret'),
    keyVersion: SECRET_KEY_VERSION,
  });
  return who;
}

export interface FuturesServers extends SimulatedServer {
  /** A second server on the same exchange, as support staff leave it: futures off (no FUTURES_ENABLED). */
  futuresOff: TestServer;
}

/**
 * For the start tests: a simulated server with FUTURES_ENABLED=true and, on the same exchange
 * (`prices` set first), one with futures off, whose Future starts are refused. close() closes both.
 */
export async function createFuturesServers(target: DatabaseTarget, prices: Record<string, string>): Promise<FuturesServers> {
  const server = await createSimulatedServer(target, { FUTURES_ENABLED: 'true' }, prices);
  try {
    const futuresOff = await createTestServer(target, {}, { exchange: server.exchange });
    return {
      ...server,
      futuresOff,
      close: async () => {
        await futuresOff.close(); // before the exchange it shares, which server.close() closes
        await server.close();
      },
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}
