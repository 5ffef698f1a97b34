/**
 * kill -9 for real: the engine runs in child processes (testing/engine-process.ts) sharing the
 * bot through PostgreSQL leases, and this test SIGKILLs the one that holds the bot at seeded
 * random instants: right after a price change (before the engine has even seen it), a few
 * milliseconds later (while it records the intent or waits for the exchange), at the very instant
 * the exchange accepts its order, and just after (the answer on its way, the fill not persisted).
 * A new process (new ENGINE_ID) takes the bot over once the lease expired, settles the price
 * of the moment, and the path goes on. At the end the bot made exactly the backtester's trades,
 * the exchange holds exactly one order per trade (none sent twice, none lost) and the bot's
 * holdings are the exchange's. PostgreSQL only: PGlite cannot be shared between processes.
 *
 * KILL9_SEED=<n> replays another set of instants; ENGINE_TEST_LOG=1 shows the children's logs.
 */
import { performance } from 'node:perf_hooks';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../common/money';
import { botOrders } from '../db/schema';
import { seededRandom } from '../../sim/rng';
import { marketRules, runBacktest } from '../../trading/index';
import { paramsOf, strategyOf, type StoredMarketRules } from '../runnables/bot/index';
import { seededPath, TRAILING_BUYS_THEN_TAKE_PROFITS } from './testing/harness';
import { EngineProcess, EXCHANGE_LATENCY_MS, postgresTargets, sleep } from './testing/engine-process-client';
import { killDelayMs, killerOf, killRunLog, killRuns, shuffled, type KillPlan, type KillRecord } from './testing/kill-run';

const SYMBOL = 'SOLUSDT';
const SEED = Number(process.env.KILL9_SEED ?? 20_261_123);

const targets = await postgresTargets('engine.kill9.test.ts');

/** Grid 1 at the start, both trailing buys, take profits, the cycle again, then a seeded walk. */
const PRICES = [...TRAILING_BUYS_THEN_TAKE_PROFITS, ...seededPath(5, 30, 14_810, 300)];

type KillMode =
  /** SIGKILL in the same turn as the price change: the engine has not seen the price yet. */
  | 'now'
  /** SIGKILL `ms` after the price change: deciding, recording the intent, or waiting for the exchange. */
  | 'delay'
  /** SIGKILL inside the exchange, as it accepts the order: the answer never reaches the engine. */
  | 'onAccept'
  /** SIGKILL `ms` after the exchange accepted the order: the answer is being read or the fill persisted. */
  | 'afterAccept';

/** Where the dead engine was with the tick's orders, read from the frozen database and exchange. */
type Caught =
  | 'undecided' // the tick trades, yet no intent was recorded
  | 'intent, never reached the exchange'
  | 'intent sent, accepted after the kill'
  | 'accepted before the kill, fill not persisted'
  | 'nothing in flight'; // everything of the tick was persisted (or it makes no trade)

/** Picks the instants: mostly ticks on which the bot trades (so an order is in flight), one on which it does not. */
function plan(random: () => number, tradingTicks: number[], quietTicks: number[]): KillPlan<KillMode>[] {
  const pick = (from: number[], n: number) => {
    const pool = [...from];
    const out: number[] = [];
    while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
    return out;
  };
  const modes = shuffled<KillMode>(random, ['now', 'delay', 'delay', 'onAccept', 'afterAccept', 'afterAccept']);
  const plans = pick(tradingTicks, modes.length).map((tick, i) => ({
    tick,
    mode: modes[i]!,
    ms: killDelayMs(random, modes[i]!),
  }));
  for (const tick of pick(quietTicks, 1)) plans.push({ tick, mode: 'delay', ms: killDelayMs(random, 'delay') });
  return plans.sort((a, b) => a.tick - b.tick);
}

describe.each(targets)('engine processes killed with SIGKILL on $name', (target) => {
  const runs = killRuns(target);

  it(`loses no fill and sends no order twice (seed ${SEED})`, { timeout: 90_000 }, async () => {
    // Every order the exchange accepts, when, and a hook to kill at that instant.
    const run = await runs.start();
    const { harness, account, accepted, onNextAccept } = run;
    const sim = harness.exchange.simulator;
    const { engineEnv } = run;

    sim.control.setPrice(SYMBOL, PRICES[0]!);
    const botId = await harness.startBot();
    const bot = await harness.bot(botId);
    const backtest = runBacktest(
      PRICES.map((price, ts) => ({ ts, price })),
      { strategy: strategyOf(bot), params: paramsOf(bot), market: marketRules(bot.marketRules as StoredMarketRules) },
    );
    const tradesThrough = (tick: number) => backtest.trades.filter((t) => t.ts <= tick).length;
    const tradingTicks = [...new Set(backtest.trades.map((t) => t.ts))].filter((t) => t > 0);
    const quietTicks = PRICES.map((_p, i) => i).filter((i) => i > 0 && !tradingTicks.includes(i));
    const random = seededRandom(SEED);
    const kills = new Map(plan(random, tradingTicks, quietTicks).map((p) => [p.tick, p]));

    let spawned = 0;
    const next = () => {
      spawned++;
      const id = `kill9-engine-${spawned}`;
      return EngineProcess.spawn(id, engineEnv(id, 'bots'), SYMBOL);
    };

    sim.control.setFaults({ latencyMs: EXCHANGE_LATENCY_MS });
    let engine = await next();
    await engine.waitSettled(PRICES[0]!, { timeoutMs: 20_000 });

    const orders = () => harness.db.select().from(botOrders).where(eq(botOrders.runnableId, botId)).orderBy(asc(botOrders.seq));
    const records: KillRecord<KillMode, Caught>[] = [];
    for (let tick = 1; tick < PRICES.length; tick++) {
      const price = PRICES[tick]!;
      const kill = kills.get(tick);
      if (!kill) {
        sim.control.setPrice(SYMBOL, price);
        await engine.waitSettled(price);
        continue;
      }
      const victim = engine;
      const killer = killerOf(victim);
      const killNow = () => killer.kill();
      if (kill.mode === 'onAccept' || kill.mode === 'afterAccept') {
        onNextAccept(kill.mode === 'onAccept' ? killNow : () => void setTimeout(killNow, kill.ms));
        sim.control.setPrice(SYMBOL, price);
        // A tick may settle without an order (the engine folded it, or the path changed): kill then.
        await Promise.race([victim.exited, victim.waitSettled(price).catch(() => undefined)]);
        onNextAccept(null);
        killNow();
      } else {
        sim.control.setPrice(SYMBOL, price);
        if (kill.mode === 'now') killNow();
        else {
          await sleep(kill.ms);
          killNow();
        }
      }
      const successor = next(); // starts while the dead engine's lease runs out
      await victim.exited;
      await sleep(EXCHANGE_LATENCY_MS + 50); // a request the dead engine sent may still be accepted

      // The database and the exchange as the dead engine left them.
      const rows = await orders();
      const kept = rows.filter((r) => r.status !== 'failed');
      const caught: Caught[] = [];
      if (kept.length < tradesThrough(tick)) caught.push('undecided');
      for (const r of rows.filter((o) => o.status === 'intent' || o.status === 'unknown')) {
        const at = accepted.get(r.clientOrderId);
        caught.push(
          at === undefined
            ? 'intent, never reached the exchange'
            : at > killer.killedAt
              ? 'intent sent, accepted after the kill'
              : 'accepted before the kill, fill not persisted',
        );
      }
      if (caught.length === 0) caught.push('nothing in flight');

      const started = performance.now();
      engine = await successor;
      await engine.waitSettled(price, { timeoutMs: 20_000 });
      records.push({ ...kill, price, engine: victim.id, caught, takeoverMs: Math.round(performance.now() - started) });
    }

    // Nothing left in flight, then the outcome.
    const end = Date.now() + 10_000;
    while ((await orders()).some((r) => r.status === 'intent' || r.status === 'unknown')) {
      if (Date.now() > end) throw new Error('orders are still unsettled 10 s after the last price');
      await sleep(20);
    }
    console.log(killRunLog(`kill -9 run, seed ${SEED}`, spawned, records));

    const trades = await harness.trades(botId);
    expect(trades).toEqual(await harness.backtest(botId, PRICES));
    const rows = await orders();
    expect(rows.filter((r) => r.status === 'failed')).toEqual([]);
    // One exchange order per filled order, under its own clientOrderId; one trade each.
    const exchangeOrders = [...account.orders.values()].filter((o) => o.market === 'spot');
    const filledIds = rows
      .filter((r) => r.status === 'filled')
      .map((r) => r.clientOrderId)
      .sort();
    expect(exchangeOrders.map((o) => o.clientOrderId).sort()).toEqual(filledIds);
    expect(harness.exchangeOrders()).toBe(trades.length);
    expect(harness.exchangeHolding('SOL')).toBe(new Decimal((await harness.bot(botId)).heldQty).toFixed());
    expect(records.length).toBeGreaterThanOrEqual(5);
    expect(records.filter((r) => !r.caught.includes('nothing in flight')).length).toBeGreaterThan(0);
  });
});
