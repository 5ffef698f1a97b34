import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSimulator, type SimulatorOptions } from './index';
import { toState } from './persistence';
import { StateWriter, writeFileAtomic } from './state-file';
import { ccxtFor, startTestSimulator } from './testing/simulator';

let dir: string;
let file: string;
const running = new Set<RunningSimulator>();

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'griddesk-sim-state-'));
  file = join(dir, 'simulator-state.json');
});
afterEach(async () => {
  for (const sim of running) await sim.close();
  running.clear();
  await rm(dir, { recursive: true, force: true });
});

async function start(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const sim = await startTestSimulator({ stateFile: file, ...options });
  running.add(sim);
  return sim;
}

async function stop(sim: RunningSimulator): Promise<void> {
  running.delete(sim);
  await sim.close();
}

async function client(sim: RunningSimulator, key: { apiKey: string; secretKey: string }) {
  const ex = ccxtFor(sim, key);
  await ex.loadMarkets();
  return ex;
}

describe('simulator state file', () => {
  it('keeps a spot account across a restart: keys, balances, orders, trades, and its resting order still fills', async () => {
    const first = await start();
    const key = first.control.createAccount({ balances: { USDT: '10000', ETH: '2' }, ipRestrict: true });
    const ex = await client(first, key);
    first.control.setPrice('BTCUSDT', '66000.5');
    const bought = await ex.createOrder('BTC/USDT', 'market', 'buy', 0.001, undefined, { clientOrderId: 'buy-1' });
    const resting = await ex.createOrder('ETH/USDT', 'limit', 'sell', 0.5, 3500, { clientOrderId: 'sell-1' });
    await ex.transfer('USDT', 100, 'spot', 'future');
    const before = first.control.getAccount(key.apiKey)!;
    const balancesBefore = await ex.fetchBalance();
    const tradesBefore = await ex.fetchMyTrades('BTC/USDT');
    await stop(first);

    const second = await start();
    const again = await client(second, key);
    expect(second.control.getAccount(key.apiKey)).toEqual(before);
    expect(second.control.getPrice('BTCUSDT')).toBe('66000.5');
    expect((await again.fetchOHLCV('BTC/USDT', '1m', undefined, 1))[0]![4]).toBe(66000.5);
    const balances = await again.fetchBalance();
    expect(balances.ETH).toEqual(balancesBefore.ETH);
    expect(balances.USDT).toEqual(balancesBefore.USDT);
    expect(balances.ETH).toMatchObject({ free: 1.5, used: 0.5 });
    expect(await again.sapiGetAccountApiRestrictions()).toMatchObject({ ipRestrict: true });
    expect(await again.fetchOrder('', 'BTC/USDT', { origClientOrderId: 'buy-1' })).toMatchObject({
      id: bought.id,
      status: 'closed',
      filled: 0.001,
    });
    expect(await again.fetchMyTrades('BTC/USDT')).toEqual(tradesBefore);
    expect((await again.fetchOpenOrders('ETH/USDT')).map((o) => o.clientOrderId)).toEqual(['sell-1']);

    second.control.setPrice('ETHUSDT', '3500.01');
    expect(await again.fetchOrder(resting.id!, 'ETH/USDT')).toMatchObject({
      status: 'closed',
      average: 3500,
      clientOrderId: 'sell-1',
    });
    expect((await again.fetchBalance()).ETH).toMatchObject({ free: 1.5, used: 0 });
    const next = await again.createOrder('BTC/USDT', 'market', 'buy', 0.001);
    expect(Number(next.id)).toBeGreaterThan(Number(resting.id));
    const trades = second.control.getAccount(key.apiKey)!.trades;
    expect(new Set(trades.map((t) => t.tradeId)).size).toBe(trades.length);
    expect(trades).toHaveLength(before.trades.length + 2);
    const newKey = second.control.createAccount({ balances: { USDT: '1' } });
    expect(newKey.apiKey).not.toBe(key.apiKey);
    expect(
      (await again.fetchTransfers('USDT', undefined, undefined, { fromAccount: 'spot', toAccount: 'future' })).map(
        (t) => t.amount,
      ),
    ).toEqual([100]);
  });

  it('keeps a futures position and its leverage across a restart; it closes, rests and liquidates after it', async () => {
    const first = await start();
    const key = first.control.createAccount({ futuresBalances: { USDT: '1000' } });
    const ex = await client(first, key);
    await ex.setLeverage(5, 'BTC/USDT:USDT');
    await ex.setLeverage(10, 'ETH/USDT:USDT');
    first.control.setPrice('BTCUSDT', '60000');
    first.control.setPrice('ETHUSDT', '3000');
    await ex.createOrder('BTC/USDT:USDT', 'market', 'buy', 0.01);
    await ex.createOrder('ETH/USDT:USDT', 'market', 'buy', 0.1);
    const waiting = await ex.createOrder('BTC/USDT:USDT', 'limit', 'buy', 0.002, 59000, { clientOrderId: 'dip-1' });
    const [positionBefore] = await ex.fetchPositions(['BTC/USDT:USDT']);
    const before = first.control.getAccount(key.apiKey)!;
    await stop(first);

    const second = await start();
    const again = await client(second, key);
    const after = second.control.getAccount(key.apiKey)!;
    expect(after).toEqual(before);
    const btc = after.futures.positions.find((p) => p.symbol === 'BTCUSDT')!;
    expect(btc).toMatchObject({ amount: '0.01', entryPrice: '60000', isolatedMargin: '120', leverage: 5 });
    const [positionAfter] = await again.fetchPositions(['BTC/USDT:USDT']);
    expect(positionAfter).toMatchObject({
      contracts: 0.01,
      entryPrice: 60000,
      leverage: 5,
      liquidationPrice: positionBefore!.liquidationPrice,
    });

    second.control.setPrice('BTCUSDT', '58999');
    expect(await again.fetchOrder(waiting.id!, 'BTC/USDT:USDT')).toMatchObject({ status: 'closed', average: 59000 });
    const eth = after.futures.positions.find((p) => p.symbol === 'ETHUSDT')!;
    second.control.setPrice('ETHUSDT', String(Math.floor(Number(eth.liquidationPrice))));
    expect(second.control.getAccount(key.apiKey)!.futures.positions.map((p) => p.symbol)).toEqual(['BTCUSDT']);
    await again.createOrder('BTC/USDT:USDT', 'market', 'sell', 0.012);
    expect(await again.fetchPositions(['BTC/USDT:USDT'])).toHaveLength(0);
  });

  it('keeps a partially filled resting order across a restart: what executed, what it still reserves, and the rest fills after it', async () => {
    const first = await start();
    const key = first.control.createAccount({ balances: { USDT: '10000' }, futuresBalances: { USDT: '5000' } });
    const ex = await client(first, key);
    first.control.setPrice('SOLUSDT', '100');
    const spot = await ex.createOrder('SOL/USDT', 'limit', 'buy', 10, 95, { clientOrderId: 'half-1' });
    const futures = await ex.createOrder('SOL/USDT:USDT', 'limit', 'buy', 2, 95, { clientOrderId: 'half-f' });
    first.control.fillPartially(key.apiKey, 'half-1', '4');
    first.control.fillPartially(key.apiKey, 'half-f', '0.5');
    const before = first.control.getAccount(key.apiKey)!;
    expect(before.openOrders.map((o) => [o.clientOrderId, o.status, o.executedQty])).toEqual([
      ['half-1', 'PARTIALLY_FILLED', '4'],
      ['half-f', 'PARTIALLY_FILLED', '0.5'],
    ]);
    const savedOrder = toState(first.core).accounts[0]!.orders.find((o) => o.clientOrderId === 'half-1')!;
    await stop(first);

    const second = await start();
    const again = await client(second, key);
    expect(second.control.getAccount(key.apiKey)).toEqual(before);
    expect(toState(second.core).accounts[0]!.orders.find((o) => o.clientOrderId === 'half-1')).toEqual(savedOrder);
    expect(savedOrder).toMatchObject({ status: 'PARTIALLY_FILLED', executedQty: '4', cumQuote: '380', reserved: '570.57' });
    expect(await again.fetchOrder(spot.id!, 'SOL/USDT')).toMatchObject({ status: 'open', filled: 4, remaining: 6 });

    second.control.setPrice('SOLUSDT', '94');
    expect(await again.fetchOrder(spot.id!, 'SOL/USDT')).toMatchObject({ status: 'closed', filled: 10, average: 95 });
    expect(await again.fetchOrder(futures.id!, 'SOL/USDT:USDT')).toMatchObject({ status: 'closed', filled: 2, average: 95 });
    const after = second.control.getAccount(key.apiKey)!;
    // As one fill of each: 10000 - 950.95 spot; 5000 - 0.19 fee, 190 margin in the position.
    expect(after.balances).toMatchObject({
      USDT: { free: '9049.05000000', locked: '0.00000000' },
      SOL: { free: '10.00000000', locked: '0.00000000' },
    });
    expect(after.futures).toMatchObject({ walletBalance: '4999.81000000', availableBalance: '4809.81000000' });
    expect(after.trades.map((t) => [t.market, t.qty])).toEqual([
      ['spot', '4'],
      ['spot', '6'],
      ['futures', '0.5'],
      ['futures', '1.5'],
    ]);
  });

  it('coalesces a burst of orders into a few writes, and close() leaves the final state in the file', async () => {
    const texts: string[] = [];
    let hold: Promise<void> | null = null;
    let release = () => undefined as void;
    const write = async (target: string, text: string) => {
      texts.push(text);
      if (hold) await hold;
      await writeFileAtomic(target, text);
    };
    const sim = await start({ stateWriter: { write } });
    const startWrites = texts.length;
    const key = sim.control.createAccount({ balances: { USDT: '100000' } });
    hold = new Promise<void>((resolve) => (release = resolve));
    const ex = await client(sim, key);
    const burst = 40;
    await Promise.all(
      Array.from({ length: burst }, (_, i) =>
        ex.createOrder('BTC/USDT', 'limit', 'buy', 0.001, 50000 + i, { clientOrderId: `burst-${i}` }),
      ),
    );
    release();
    await stop(sim);

    const writes = texts.length - startWrites;
    expect(writes).toBeGreaterThanOrEqual(1);
    expect(writes).toBeLessThanOrEqual(3);
    const saved = JSON.parse(await readFile(file, 'utf8')) as ReturnType<typeof toState>;
    expect(saved).toEqual({ ...toState(sim.core), savedAt: saved.savedAt });
    expect(saved).toEqual(JSON.parse(texts.at(-1)!));
    expect(saved.accounts[0]!.open).toHaveLength(burst);
  });

  it('writes once for many changes in one turn, and once more for all the changes during a write', async () => {
    let state = 0;
    const texts: string[] = [];
    let release = () => undefined as void;
    let started = () => undefined as void;
    let hold: Promise<void> | null = null;
    const writer = new StateWriter(join(dir, 'unused.json'), () => String(state), {
      write: async (_file, text) => {
        texts.push(text);
        started();
        if (hold) await hold;
      },
    });
    for (let i = 0; i < 1000; i++) {
      state++;
      writer.changed();
      writer.pricesChanged();
    }
    await writer.flush();
    expect(texts).toEqual(['1000']);

    hold = new Promise<void>((resolve) => (release = resolve));
    const writing = new Promise<void>((resolve) => (started = resolve));
    state++;
    writer.changed();
    await writing;
    for (let i = 0; i < 1000; i++) {
      state++;
      writer.changed();
    }
    hold = null;
    release();
    await writer.close();
    expect(texts).toEqual(['1000', '1001', '2001']);
    writer.changed();
    await writer.flush();
    expect(texts).toHaveLength(3);
  });

  it('refuses to start on a state file that is not JSON, naming the file', async () => {
    await writeFile(file, '{"version":1,"accounts":[{"uid":');
    await expect(startTestSimulator({ stateFile: file })).rejects.toThrow(file);
    await expect(startTestSimulator({ stateFile: file })).rejects.toThrow(/not JSON/);
  });

  it('refuses an unknown version and a damaged amount, naming the file and the field', async () => {
    await writeFile(file, JSON.stringify({ version: 99 }));
    await expect(startTestSimulator({ stateFile: file })).rejects.toThrow(
      `The simulator state file ${file} cannot be used: unknown version 99`,
    );
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ version: 99 });

    await rm(file);
    const sim = await start();
    sim.control.createAccount({ balances: { USDT: '10' } });
    await stop(sim);
    const saved = JSON.parse(await readFile(file, 'utf8')) as ReturnType<typeof toState>;
    saved.accounts[0]!.balances.USDT!.free = 'ten';
    await writeFile(file, JSON.stringify(saved));
    await expect(startTestSimulator({ stateFile: file })).rejects.toThrow(
      /accounts\[0\]\.balances\.USDT\.free: expected a decimal string/,
    );
  });

  it('never hands out a restored id again, even when the counters in the file lag behind', async () => {
    const first = await start();
    const key = first.control.createAccount({ balances: { USDT: '1000' } });
    const old = await (await client(first, key)).createOrder('BTC/USDT', 'market', 'buy', 0.001);
    await stop(first);
    const saved = JSON.parse(await readFile(file, 'utf8')) as ReturnType<typeof toState>;
    await writeFile(file, JSON.stringify({ ...saved, nextUid: 1, ids: { order: 1, trade: 1, transfer: 1 } }));

    const second = await start();
    const fresh = await (await client(second, key)).createOrder('BTC/USDT', 'market', 'buy', 0.001);
    expect(Number(fresh.id)).toBeGreaterThan(Number(old.id));
    const trades = second.control.getAccount(key.apiKey)!.trades;
    expect(trades[1]!.tradeId).toBeGreaterThan(trades[0]!.tradeId);
    expect(toState(second.core).nextUid).toBeGreaterThan(saved.accounts[0]!.uid);
  });

  it('creates the file at start, with amounts as decimal strings and mode 0600', async () => {
    const sim = await start();
    const key = sim.control.createAccount({ balances: { USDT: '0.1' }, futuresBalances: { USDT: '2.5' } });
    await stop(sim);
    const text = await readFile(file, 'utf8');
    const saved = JSON.parse(text) as ReturnType<typeof toState>;
    expect(saved).toMatchObject({
      version: 1,
      accounts: [
        {
          apiKey: key.apiKey,
          secretKey: key.secretKey,
          balances: { USDT: { free: '0.1', locked: '0' } },
          futures: { wallet: '2.5' },
        },
      ],
    });
    expect(typeof saved.prices.BTCUSDT).toBe('string');
    if (process.platform !== 'win32') expect((await import('node:fs')).statSync(file).mode & 0o777).toBe(0o600);
  });
});
