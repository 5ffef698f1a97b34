/**
 * bench:takeover - a kill -9 of one of two engine processes on PostgreSQL. Engine A claims
 * BENCH_BOTS live bots (each holding grid 1, with a sell-all-and-pause price a few per cent up);
 * engine B starts beside it and must take nothing A holds. A is SIGKILLed; at once, inside the
 * lease gap, the price of every pair rises past the pause price and then stays quiet. B adopts
 * every bot once A's leases expired, and must act on that price at once (sell all and pause),
 * without waiting for a new price.
 *
 * Measured (lease rows polled every BENCH_POLL_MS, intents from bot_orders): time from the kill
 * to each bot owned by B (p50/max), the lease TTL and claim interval used, whether any bot ever
 * had two owners (a change of owner while both ran, or B's claim before A's lease expired, or a
 * second sell-all intent), and the time from B's claim of a bot to its first intent (p50/max).
 * Prints one JSON document; never fails on a timing.
 *
 * BENCH_SIGNAL=SIGTERM stops A gracefully instead (a drain: systemctl stop, a rolling upgrade): A
 * releases its leases and tells B, which must hold every bot at once rather than after the lease
 * gap; then also measured: the signal to A's exit, and A's exit code.
 *
 * Env: BENCH_BOTS (200), BENCH_MEMBERS (20), BENCH_LEASE_MS (20000, production), BENCH_CLAIM_EVERY_MS
 * (2000, production), BENCH_POLL_MS (25), BENCH_SIGNAL (SIGKILL or SIGTERM), BENCH_DATABASE_URL (the local server).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CLAIM_EVERY_MS, DEFAULT_LEASE_MS } from '../server/engine/engine';
import { TICKER_SYMBOLS } from '../server/exchange/exchange-factory';
import { normaliseStrategy } from '../trading/index';
import { benchDatabase, insertJson, seedMembers } from './support/bench-db';
import { boughtBot, liveBotRow } from './support/bots';
import { startEngineSim } from './support/engine-bench';
import { fundedBalances, rulesOf, SPECS, toTick } from './support/market';

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const BOTS = num('BENCH_BOTS', 200);
const SIGNAL: 'SIGKILL' | 'SIGTERM' = process.env.BENCH_SIGNAL === 'SIGTERM' ? 'SIGTERM' : 'SIGKILL';
const MEMBERS = Math.min(num('BENCH_MEMBERS', 20), BOTS);
const LEASE_MS = num('BENCH_LEASE_MS', DEFAULT_LEASE_MS);
const CLAIM_EVERY_MS = num('BENCH_CLAIM_EVERY_MS', DEFAULT_CLAIM_EVERY_MS);
const POLL_MS = num('BENCH_POLL_MS', 25);
const PAIRS = TICKER_SYMBOLS.slice(0, 4);
/** The pause price is this far above the start price; after the kill the price goes twice as far. */
const PAUSE_UP = 0.03;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const progress = (what: string) => console.error(`bench:takeover ${new Date().toISOString()} ${what}`);
const round = (x: number) => Number(x.toFixed(1));
function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: round(sorted[Math.floor(sorted.length / 2)] ?? 0), max: round(sorted.at(-1) ?? 0) };
}

/** Bots as startBot records them, grid 1 bought at the start price, paused by a rise of PAUSE_UP. */
function botRows(userIds: string[]): Record<string, unknown>[] {
  return Array.from({ length: BOTS }, (_, i) => {
    const symbol = PAIRS[i % PAIRS.length]!;
    const spec = SPECS.get(symbol)!;
    const grid = (gridNo: number, alloc: string) => ({
      gridNo,
      allottedAmountPercentagePerOrder: alloc,
      buyPercentage: '1',
      buyPercentageUp: '0.2',
      takeProfitPercentage: '10',
      takeProfitPercentageDown: '0.2',
    });
    const strategy = normaliseStrategy({ strategyName: 'Bench', noOfGrids: 2, tableData: [grid(1, '50'), grid(2, '50')] });
    const rules = rulesOf(spec);
    const pausePrice = toTick(Number(spec.price) * (1 + PAUSE_UP), spec.tickSize);
    const bot = boughtBot(strategy, { investment: 1000, pausePrice }, rules, { ts: Date.now() - 86_400_000, price: spec.price });
    const userId = userIds[i % userIds.length]!;
    const startedAt = new Date().toISOString();
    return liveBotRow({ userId, symbol, strategy, bot, investment: 1000, rules, pausePrice, startedAt, lastPrice: spec.price });
  });
}

/** An engine process (bench/support/engine-process.ts); resolves once it runs. */
async function startEngine(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; id: string }> {
  const script = fileURLToPath(new URL('./support/engine-process.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'], env });
  const id = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.startsWith('engine '));
      if (line) resolve(line.slice('engine '.length).trim());
    });
    child.once('exit', (code) => reject(new Error(`engine process exited with ${code}`)));
  });
  return { child, id };
}

interface Lease {
  id: string;
  lease_owner: string | null;
  lease_expires_at: Date | null;
}

const sim = await startEngineSim(250);
const db = await benchDatabase({ EXCHANGE: 'sim', SIM_URL: sim.url, ROLES: 'engine' });
const engines: ChildProcess[] = [];
try {
  const members = await seedMembers(db, await sim.accounts(MEMBERS, fundedBalances(PAIRS, '1000000000')));
  await insertJson(db.pool, 'bots', botRows(members.map((m) => m.userId)));
  const env = (engineId: string): NodeJS.ProcessEnv => ({
    ...process.env,
    JWT_SECRET: 'bench-jwt-secret-that-is-long-enough-0123456789',
    SECRETS_KEY: '00'.repeat(32),
    LOG_LEVEL: 'silent',
    DATA_DIR: db.config.dataDir,
    DATABASE_URL: db.url,
    EXCHANGE: 'sim',
    SIM_URL: sim.url,
    ROLES: 'engine',
    ENGINE_ID: engineId,
    LEASE_MS: String(LEASE_MS),
    CLAIM_EVERY_MS: String(CLAIM_EVERY_MS),
  });
  const leases = async () => (await db.pool.query<Lease>('SELECT id, lease_owner, lease_expires_at FROM bots')).rows;

  const a = await startEngine(env('engine-a'));
  engines.push(a.child);
  while ((await leases()).some((l) => l.lease_owner !== a.id)) await sleep(POLL_MS);
  progress(`engine A holds ${BOTS} bots`);
  const b = await startEngine(env('engine-b'));
  engines.push(b.child);

  // Both run for two lease periods: B must take nothing A holds and renews.
  let changedWhileBothRan = 0;
  const bothUntil = Date.now() + 2 * LEASE_MS;
  while (Date.now() < bothUntil) {
    changedWhileBothRan += (await leases()).filter((l) => l.lease_owner !== a.id).length;
    await sleep(POLL_MS * 4);
  }
  progress(`both ran; ${SIGNAL} to A`);

  const lastExpiryOfA = new Map((await leases()).map((l) => [l.id, l.lease_expires_at!.getTime()]));
  const exited = new Promise<{ at: number; code: number | null }>((resolve) =>
    a.child.once('exit', (code) => resolve({ at: Date.now(), code })),
  );
  const killedAt = Date.now();
  a.child.kill(SIGNAL);
  // Inside the lease gap: every pair past its bots' pause price, then quiet.
  sim.setPrices(PAIRS.map((s) => [s, toTick(Number(SPECS.get(s)!.price) * (1 + 2 * PAUSE_UP), SPECS.get(s)!.tickSize)]));

  const claimedAt = new Map<string, number>();
  let claimedBeforeExpiry = 0;
  while (claimedAt.size < BOTS && Date.now() - killedAt < LEASE_MS + CLAIM_EVERY_MS + 60_000) {
    for (const l of await leases()) {
      if (l.lease_owner !== b.id || claimedAt.has(l.id)) continue;
      // The claim wrote expiry = claim + LEASE_MS; seen within a poll, before any renewal (every LEASE_MS / 4).
      const claim = l.lease_expires_at!.getTime() - LEASE_MS;
      claimedAt.set(l.id, claim);
      // A killed holds its leases to their expiry; A stopping released them itself.
      if (SIGNAL === 'SIGKILL' && claim < lastExpiryOfA.get(l.id)!) claimedBeforeExpiry++;
    }
    await sleep(POLL_MS);
  }
  progress(`engine B holds ${claimedAt.size} of ${BOTS}`);
  // Each adopted bot sells all at the price already past its pause price: wait for those intents.
  const intentsOf = async () =>
    (
      await db.pool.query<{ bot_id: string; first: Date; n: string }>(
        `SELECT bot_id, min(created_at) AS first, count(*) AS n FROM bot_orders WHERE kind = 'sellAll' AND created_at >= to_timestamp($1 / 1000.0) GROUP BY bot_id`,
        [killedAt],
      )
    ).rows;
  let intents = await intentsOf();
  const intentsBy = Date.now() + 30_000;
  while (intents.length < claimedAt.size && Date.now() < intentsBy) {
    await sleep(100);
    intents = await intentsOf();
  }
  const exit = await exited;
  const actAfterClaim = intents.filter((i) => claimedAt.has(i.bot_id)).map((i) => i.first.getTime() - claimedAt.get(i.bot_id)!);
  const result = {
    bench: 'takeover',
    database: 'postgres',
    signal: SIGNAL,
    /** The signal to A's exit, and its code (0 expected after SIGTERM). */
    signalToExitMs: exit.at - killedAt,
    exitCode: exit.code,
    bots: BOTS,
    engines: 2,
    leaseTtlMs: LEASE_MS,
    claimEveryMs: CLAIM_EVERY_MS,
    pollMs: POLL_MS,
    killToOwnedBySurvivorMs: stats([...claimedAt.values()].map((t) => t - killedAt)),
    allOwnedBySurvivor: claimedAt.size === BOTS,
    /** SIGKILL: within LEASE_MS + CLAIM_EVERY_MS (+ the claim's own time) of A's last renewal; SIGTERM: 2 s after A's exit (issue 24). */
    boundMs: SIGNAL === 'SIGKILL' ? LEASE_MS + CLAIM_EVERY_MS : exit.at - killedAt + 2_000,
    twoOwners: {
      any: changedWhileBothRan > 0 || claimedBeforeExpiry > 0 || intents.some((i) => Number(i.n) > 1),
      ownerChangesWhileBothRan: changedWhileBothRan,
      claimedBeforeTheDeadLeaseExpired: claimedBeforeExpiry,
      botsWithTwoSellAllIntents: intents.filter((i) => Number(i.n) > 1).length,
    },
    /** The price moved past the trigger before B took the bots, then stayed: B must act on it at once. */
    claimToFirstActionMs: stats(actAfterClaim),
    actedOnQuietPrice: `${actAfterClaim.length}/${claimedAt.size}`,
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
} finally {
  for (const child of engines) child.kill('SIGKILL');
  await sim.stop().catch(() => undefined);
  await db.close();
}
