import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSimulator } from '../index';
import { ccxtFor, startTestSimulator } from '../testing/simulator';

let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(() => sim.close());

/** One control request over HTTP with exactly these headers (node:http lets a test set Host). */
function control(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${sim.url}${path}`, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const JSON_TYPE = { 'content-type': 'application/json' };
const price = JSON.stringify({ symbol: 'ETHUSDT', price: '3390.10' });

describe('the simulator control API (/sim/*)', () => {
  it('answers JSON requests from loopback names on its own port', async () => {
    const set = await control('POST', '/sim/price', { ...JSON_TYPE, host: `127.0.0.1:${sim.port}` }, price);
    expect(set.status).toBe(200);
    expect(JSON.parse(set.body)).toEqual({ symbol: 'ETHUSDT', price: sim.control.getPrice('ETHUSDT') });
    const viaLocalhost = await control(
      'POST',
      '/sim/accounts',
      {
        'content-type': 'application/json; charset=utf-8',
        host: `localhost:${sim.port}`,
        origin: `http://localhost:${sim.port}`,
      },
      JSON.stringify({ balances: { USDT: '5' } }),
    );
    expect(viaLocalhost.status).toBe(200);
    expect(JSON.parse(viaLocalhost.body)).toHaveProperty('apiKey');
    // Reads carry no body and change nothing, so they need no content type.
    expect((await control('GET', '/sim/price/ETHUSDT', { host: `127.0.0.1:${sim.port}` })).status).toBe(200);
    expect((await control('DELETE', '/sim/faults', { ...JSON_TYPE, host: `[::1]:${sim.port}` })).status).toBe(200);
  });

  it('fills part of a resting limit on POST /sim/partial-fill, and says why it refuses one', async () => {
    const key = sim.control.createAccount({ balances: { USDT: '1000' } });
    sim.control.setPrice('SOLUSDT', '100');
    const ex = ccxtFor(sim, key);
    await ex.loadMarkets();
    await ex.createOrder('SOL/USDT', 'limit', 'buy', 2, 95, { clientOrderId: 'http-part' });
    const headers = { ...JSON_TYPE, host: `127.0.0.1:${sim.port}` };
    // quantity as sent: the API wants a decimal string and refuses a JSON number.
    const partialFill = (quantity: string | number) =>
      control('POST', '/sim/partial-fill', headers, JSON.stringify({ apiKey: key.apiKey, clientOrderId: 'http-part', quantity }));
    const filled = await partialFill('0.5');
    expect(filled.status).toBe(200);
    expect(JSON.parse(filled.body)).toMatchObject({
      market: 'spot',
      clientOrderId: 'http-part',
      status: 'PARTIALLY_FILLED',
      executedQty: '0.5',
      origQty: '2',
    });
    expect(sim.control.getAccount(key.apiKey)!.balances.SOL).toEqual({ free: '0.50000000', locked: '0.00000000' });
    const tooMuch = await partialFill('1.5');
    expect(tooMuch.status).toBe(400);
    expect(JSON.parse(tooMuch.body)).toEqual({ error: expect.stringMatching(/less than the 1.5 left/) });
    const numeric = await partialFill(0.5);
    expect(numeric.status).toBe(400);
    expect(sim.control.getAccount(key.apiKey)!.openOrders.map((o) => o.executedQty)).toEqual(['0.5']);
  });

  it('refuses a body that is not declared JSON with 415, and changes nothing', async () => {
    const before = sim.control.getPrice('BTCUSDT');
    const body = JSON.stringify({ symbol: 'BTCUSDT', price: '1.00' });
    // What a cross-site <form> or a fetch without headers sends: a "simple" request, no preflight.
    expect((await control('POST', '/sim/price', { 'content-type': 'text/plain;charset=UTF-8' }, body)).status).toBe(415);
    expect((await control('POST', '/sim/price', { 'content-type': 'application/x-www-form-urlencoded' }, body)).status).toBe(415);
    expect((await control('POST', '/sim/price', {}, body)).status).toBe(415);
    expect((await control('DELETE', '/sim/weights', {})).status).toBe(415);
    expect(sim.control.getPrice('BTCUSDT')).toBe(before);
  });

  it('refuses a foreign Origin or a cross-site fetch with 403', async () => {
    const before = sim.control.getPrice('BTCUSDT');
    const body = JSON.stringify({ symbol: 'BTCUSDT', price: '2.00' });
    expect((await control('POST', '/sim/price', { ...JSON_TYPE, origin: 'https://evil.example' }, body)).status).toBe(403);
    expect((await control('POST', '/sim/price', { ...JSON_TYPE, origin: 'null' }, body)).status).toBe(403);
    expect((await control('POST', '/sim/price', { ...JSON_TYPE, 'sec-fetch-site': 'cross-site' }, body)).status).toBe(403);
    expect((await control('GET', '/sim/accounts/x', { origin: 'http://127.0.0.1:1' })).status).toBe(403);
    expect(sim.control.getPrice('BTCUSDT')).toBe(before);
  });

  it('refuses a Host that is not a loopback name with its port (DNS rebinding) with 403', async () => {
    const before = sim.control.getPrice('BTCUSDT');
    const body = JSON.stringify({ symbol: 'BTCUSDT', price: '3.00' });
    for (const host of ['evil.example', `evil.example:${sim.port}`, `127.0.0.1:${sim.port + 1}`, '127.0.0.1']) {
      const answer = await control('POST', '/sim/price', { ...JSON_TYPE, host }, body);
      expect({ host, status: answer.status }).toEqual({ host, status: 403 });
    }
    expect(sim.control.getPrice('BTCUSDT')).toBe(before);
  });

  it('leaves the Binance API alone: ccxt posts form bodies there', async () => {
    const res = await control('GET', '/api/v3/ping', { host: 'api.binance.com' });
    expect(res.status).toBe(200);
  });
});
