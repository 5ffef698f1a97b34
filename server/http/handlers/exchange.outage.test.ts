/** When the exchange cannot be reached: 503 with a clear message, never "Disconnected" or a 500. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXCHANGE_UNAVAILABLE } from '../../exchange/domain-errors';
import { oneDatabaseTarget } from '../../testing/databases';
import { bearer, register, type Registered } from '../../testing/members';
import { createSimulatedServer, type SimulatedServer } from '../../testing/simulated-server';

// One database (testing/databases.ts' rule): a refusal and its envelope while the exchange is down; the database only stores the keys.
const targets = await oneDatabaseTarget();

describe.each(targets)('an exchange outage on $name', (target) => {
  let server: SimulatedServer;
  let member: Registered;
  beforeAll(async () => {
    server = await createSimulatedServer(target);
    member = await register(server, { username: 'Olivia' });
  });
  afterAll(() => server?.close());

  const get = (url: string) => server.app.inject({ method: 'GET', url: `/api/${url}`, headers: bearer(member.token) });

  it('answers 503 for the connection check and balances while the exchange is down, keeping the keys', async () => {
    const key = server.exchange.simulator.control.createAccount({ balances: { USDT: '25' } });
    const saved = await server.app.inject({ method: 'POST', url: '/api/apikeys', payload: key, headers: bearer(member.token) });
    expect(saved.statusCode).toBe(200);
    expect((await get('checkConnection')).json()).toEqual({ connected: true });
    expect((await get('spotBalance')).json()).toEqual({ spotusdtAmount: '25', free: '25', inBots: '0' });
    const health = async () => (await server.app.inject({ url: '/healthz' })).json();
    // No futures funds: no futures stream.
    await vi.waitFor(async () =>
      expect((await health()).exchange.accountStreams).toEqual({ members: 1, spotUp: 1, futuresUp: 0 }),
    );

    await server.exchange.simulator.close();
    server.exchange.connection.invalidate(member.userId);
    server.exchange.balances.invalidate(member.userId);
    const check = await get('checkConnection');
    expect([check.statusCode, check.json().message]).toEqual([503, EXCHANGE_UNAVAILABLE]);
    const balance = await get('spotBalance');
    expect([balance.statusCode, balance.json().message]).toEqual([503, EXCHANGE_UNAVAILABLE]);
    expect((await get('fetchkeys')).json()).toEqual({ apiKey: key.apiKey });
    await vi.waitFor(async () => expect((await health()).exchange.accountStreams.spotUp).toBe(0)); // alive, and says the streams are down
    expect((await health()).status).toBe('ok');
  });
});
