/**
 * bench:account - 1,000 concurrent subscription purchases and 1,000 concurrent reward
 * withdrawal requests on PostgreSQL, through the module functions the routes call
 * (purchasePlan, createWithdrawal). Members ask for more than they hold on purpose: each buyer
 * and each withdrawer fires 4 requests at once with money for 3, so the run checks that the
 * over-asks are refused, no balance goes below zero and every balance equals the sum of its
 * ledger entries. Prints one JSON document (throughput, p50/p99 latency, the checks); exits 1
 * only when a check fails, never on a timing.
 *
 * Env: TEST_DATABASE_URL or BENCH_DATABASE_URL (admin URL, default
 * postgres://postgres@127.0.0.1:5432/test), BENCH_REQUESTS (1000).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Decimal } from '../common/decimal';

process.env.BENCH_DATABASE_URL ??= process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
const PER_MEMBER = 4;
const AFFORDABLE = 3;

const [{ benchDatabase }, { post }, { addPlan }, { purchasePlan }, { createWithdrawal }, { setSetting }, { insertMember }] = await Promise.all([
  import('./support/bench-db'), import('../server/modules/ledger/post'), import('../server/modules/subscriptions/plans'),
  import('../server/modules/subscriptions/purchase'), import('../server/modules/withdrawals/create'),
  import('../server/modules/settings/settings'), import('../server/test/members'),
]);

type Db = Awaited<ReturnType<typeof benchDatabase>>['database']['db'];
const clock = () => new Date();
const round = (x: number, d = 2) => Number(x.toFixed(d));

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Fires every request at once; returns throughput, latency percentiles and outcomes per member. */
async function burst(label: string, members: string[], run: (userId: string) => Promise<unknown>) {
  const latencies: number[] = [];
  const okBy = new Map<string, number>();
  const errors = new Map<string, number>();
  const start = performance.now();
  await Promise.all(Array.from({ length: members.length * PER_MEMBER }, async (_, i) => {
    const userId = members[i % members.length]!;
    const t0 = performance.now();
    try {
      await run(userId);
      okBy.set(userId, (okBy.get(userId) ?? 0) + 1);
    } catch (error) {
      const key = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      errors.set(key, (errors.get(key) ?? 0) + 1);
    } finally {
      latencies.push(performance.now() - t0);
    }
  }));
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const succeeded = [...okBy.values()].reduce((a, b) => a + b, 0);
  return {
    label, requests: latencies.length, succeeded, refused: latencies.length - succeeded, seconds: round(seconds, 3),
    perSecond: round(latencies.length / seconds, 1), p50Ms: round(percentile(latencies, 50)), p99Ms: round(percentile(latencies, 99)),
    maxMs: round(latencies[latencies.length - 1] ?? 0),
    everyMemberGotExactlyTheAffordable: members.every((m) => okBy.get(m) === AFFORDABLE),
    errors: Object.fromEntries(errors),
  };
}

async function members(db: Db, count: number, sponsors: string[] = []): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push(await insertMember(db, sponsors.length ? sponsors[i % sponsors.length]! : null));
  return ids;
}

async function fund(db: Db, ids: string[], asset: 'USDT' | 'USDT_REWARD', amount: string) {
  for (const userId of ids) await post(db, { key: randomUUID(), kind: asset === 'USDT' ? 'deposit' : 'level_reward', legs: [{ userId, asset, amount }] });
}

async function ledgerChecks(bench: Awaited<ReturnType<typeof benchDatabase>>) {
  const negative = await bench.pool.query<{ n: string }>('SELECT count(*) AS n FROM member_balances WHERE balance < 0');
  const mismatched = await bench.pool.query<{ n: string }>(`
    SELECT count(*) AS n FROM member_balances b
    FULL JOIN (SELECT user_id, asset, sum(amount) AS total FROM ledger_entries GROUP BY user_id, asset) l
      ON l.user_id = b.user_id AND l.asset = b.asset
    WHERE coalesce(b.balance, 0) <> coalesce(l.total, 0)`);
  return { negativeBalances: Number(negative.rows[0]!.n), balancesNotEqualToLedgerSums: Number(mismatched.rows[0]!.n) };
}

const bench = await benchDatabase();
try {
  const db = bench.database.db;
  const memberCount = Math.ceil(REQUESTS / PER_MEMBER);
  await setSetting(db, 'levelPercentages', ['5', '2', '1', '1', '1']);
  const plan = await addPlan(db, '30', 30);
  // Every purchase credits 5 levels: 20 level-1 sponsors share one 4-deep upline, whose
  // accounts every purchase of the burst credits (the hot rows of a big team).
  let upline: string[] = [];
  for (let level = 5; level >= 2; level -= 1) upline = await members(db, 1, upline);
  const sponsors = await members(db, 20, upline);
  const buyers = await members(db, memberCount, sponsors);
  const withdrawers = await members(db, memberCount);
  await fund(db, buyers, 'USDT', new Decimal(plan.usdtToken).mul(AFFORDABLE).toFixed());
  await fund(db, withdrawers, 'USDT_REWARD', '35');

  const purchases = await burst('subscription purchases (purchasePlan)', buyers, (userId) => purchasePlan(db, userId, plan.id, clock));
  const withdrawals = await burst('withdrawal requests (createWithdrawal)', withdrawers,
    (userId) => createWithdrawal(db, userId, { amount: '10', toAddress: '0x000000000000000000000000000000000000dEaD' }, { clock, available: true }));
  const checks = await ledgerChecks(bench);
  const rewards = await bench.pool.query<{ n: string }>('SELECT count(*) AS n FROM level_rewards');
  const levelRewardsPerPurchase = Number(rewards.rows[0]!.n) / (buyers.length * AFFORDABLE);
  const rewardLeft = await bench.pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM member_balances WHERE asset = 'USDT_REWARD' AND user_id = ANY($1) AND balance <> 5`, [withdrawers]);
  const ok = purchases.everyMemberGotExactlyTheAffordable && withdrawals.everyMemberGotExactlyTheAffordable
    && checks.negativeBalances === 0 && checks.balancesNotEqualToLedgerSums === 0 && Number(rewardLeft.rows[0]!.n) === 0
    && levelRewardsPerPurchase === 5;
  console.log(JSON.stringify({
    bench: 'account', database: 'postgresql', poolConnections: 10, membersPerBurst: memberCount, requestsPerMember: PER_MEMBER,
    affordablePerMember: AFFORDABLE, purchases, withdrawals, checks: { ...checks, levelRewardsPerPurchase, withdrawersNotLeftWith5: Number(rewardLeft.rows[0]!.n), ok },
  }, null, 2));
  if (!ok) process.exitCode = 1;
} finally {
  await bench.close();
}
