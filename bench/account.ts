/**
 * bench:account - 1,000 concurrent subscription purchases and 1,000 concurrent reward
 * withdrawal requests on PostgreSQL, through the module functions the routes call
 * (purchasePlan, createWithdrawal): each kind alone, then both at once. Members ask for more
 * than they hold on purpose: each buyer and each withdrawer fires 4 requests at once with money
 * for 3, so the run checks that the over-asks are refused, no balance goes below zero and every
 * balance equals the sum of its ledger entries. In the mixed run the buyers withdraw their own
 * rewards while they buy, and the 24 sponsors whose reward accounts every purchase credits
 * withdraw from those accounts at the same moment (the hot rows of a big team, written from both
 * sides). Prints one JSON document (throughput, p50/p99 latency, the checks); exits 1 only when
 * a check fails, never on a timing.
 *
 * Env: TEST_DATABASE_URL or BENCH_DATABASE_URL (admin URL, default
 * postgres://postgres@127.0.0.1:5432/test), BENCH_REQUESTS (1000).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Decimal } from '../common/money';

process.env.BENCH_DATABASE_URL ??= process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
const PER_MEMBER = 4;
const AFFORDABLE = 3;

const [
  { benchDatabase },
  { post },
  { addPlan },
  { purchasePlan },
  { createWithdrawal },
  { setSetting },
  { insertMember },
  { checksummedAddress },
] = await Promise.all([
  import('./support/bench-db'),
  import('../server/modules/ledger/post'),
  import('../server/modules/subscriptions/plans'),
  import('../server/modules/subscriptions/purchase'),
  import('../server/modules/withdrawals/create'),
  import('../server/modules/settings/settings'),
  import('./support/members'),
  import('../server/config/chain-addresses'),
]);

type Db = Awaited<ReturnType<typeof benchDatabase>>['database']['db'];
const clock = () => new Date();
const round = (x: number, d = 2) => Number(x.toFixed(d));

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Fires every request at once (4 per member); returns throughput, latency percentiles and
 * outcomes per member. `affordable` is how many of each member's 4 must succeed: exactly that
 * many, or with `atLeast` that many or more (sponsors credited during the burst may afford more).
 */
async function burst(label: string, members: string[], run: (userId: string) => Promise<unknown>, atLeast = false) {
  const latencies: number[] = [];
  const okBy = new Map<string, number>();
  const errors = new Map<string, number>();
  const start = performance.now();
  await Promise.all(
    Array.from({ length: members.length * PER_MEMBER }, async (_, i) => {
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
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const succeeded = [...okBy.values()].reduce((a, b) => a + b, 0);
  return {
    label,
    requests: latencies.length,
    succeeded,
    refused: latencies.length - succeeded,
    seconds: round(seconds, 3),
    perSecond: round(latencies.length / seconds, 1),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(latencies[latencies.length - 1] ?? 0),
    everyMemberGotTheAffordable: members.every((m) => (atLeast ? (okBy.get(m) ?? 0) >= AFFORDABLE : okBy.get(m) === AFFORDABLE)),
    errors: Object.fromEntries(errors),
  };
}

async function members(db: Db, count: number, sponsors: string[] = []): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push(await insertMember(db, sponsors.length ? sponsors[i % sponsors.length]! : null));
  return ids;
}

async function fund(db: Db, ids: string[], asset: 'USDT' | 'USDT_REWARD', amount: string) {
  for (const userId of ids)
    await post(db, { key: randomUUID(), kind: asset === 'USDT' ? 'deposit' : 'level_reward', legs: [{ userId, asset, amount }] });
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

type Bench = Awaited<ReturnType<typeof benchDatabase>>;

async function rewardBalances(bench: Bench, ids: string[]): Promise<Map<string, Decimal>> {
  const { rows } = await bench.pool.query<{ user_id: string; balance: string }>(
    `SELECT user_id, balance FROM member_balances WHERE asset = 'USDT_REWARD' AND user_id = ANY($1)`,
    [ids],
  );
  return new Map(rows.map((r) => [r.user_id, new Decimal(r.balance)]));
}

/**
 * The sponsors' reward accounts after the mixed run: what they held, plus 35 funded, plus the
 * level rewards of the mixed purchases, minus 10 for each withdrawal that succeeded.
 */
async function teamRewardsAddUp(
  bench: Bench,
  team: string[],
  before: Map<string, Decimal>,
  lastEntryBefore: string,
  withdrawn: number,
): Promise<boolean> {
  const after = await rewardBalances(bench, team);
  const { rows } = await bench.pool.query<{ total: string | null }>(
    `
    SELECT sum(e.amount) AS total FROM ledger_entries e
    WHERE e.user_id = ANY($1) AND e.asset = 'USDT_REWARD' AND e.amount > 0 AND e.id > $2`,
    [team, lastEntryBefore],
  );
  const credited = new Decimal(rows[0]!.total ?? 0);
  const sum = (m: Map<string, Decimal>) => [...m.values()].reduce((a, b) => a.plus(b), new Decimal(0));
  return sum(after).equals(sum(before).plus(credited).minus(new Decimal(10).mul(withdrawn)));
}

const bench = await benchDatabase();
try {
  const db = bench.database.db;
  const memberCount = Math.ceil(REQUESTS / PER_MEMBER);
  await setSetting(db, 'levelPercentages', ['5', '2', '1', '1', '1']);
  // The per-member withdrawal caps (issue 20) out of the way: the bench measures contention on
  // the balances, and its members fire more requests at once than a cap would let through.
  await setSetting(db, 'withdrawalPendingMax', 999_999);
  await setSetting(db, 'withdrawalDailyMax', 999_999);
  const plan = await addPlan(db, '30', 30);
  // Every purchase credits 5 levels: 20 level-1 sponsors share one 4-deep upline, whose
  // accounts every purchase of the burst credits (the hot rows of a big team).
  // The upline, top first; each member sponsors the next, the last sponsors the 20.
  const upline: string[] = [];
  for (let level = 5; level >= 2; level -= 1) upline.push(...(await members(db, 1, upline.slice(-1))));
  const sponsors = await members(db, 20, upline.slice(-1));
  const buyers = await members(db, memberCount, sponsors);
  const withdrawers = await members(db, memberCount);
  await fund(db, buyers, 'USDT', new Decimal(plan.usdtToken).mul(AFFORDABLE).toFixed());
  await fund(db, withdrawers, 'USDT_REWARD', '35');

  const buy = (userId: string) => purchasePlan(db, userId, plan.id, clock);
  const withdraw = (userId: string) =>
    createWithdrawal(
      db,
      userId,
      { amount: '10', toAddress: '0x000000000000000000000000000000000000dEaD' },
      { clock, available: true, checksummedAddress },
    );
  const purchases = await burst('subscription purchases (purchasePlan)', buyers, buy);
  const withdrawals = await burst('withdrawal requests (createWithdrawal)', withdrawers, withdraw);

  // Both at once: new buyers under the same upline, each withdrawing its own rewards as it buys,
  // and the upline withdrawing from the accounts the purchases credit.
  const mixedBuyers = await members(db, memberCount, sponsors);
  await fund(db, mixedBuyers, 'USDT', new Decimal(plan.usdtToken).mul(AFFORDABLE).toFixed());
  await fund(db, mixedBuyers, 'USDT_REWARD', '35');
  const team = [...upline, ...sponsors];
  const rewardBefore = await rewardBalances(bench, team);
  const lastEntryBefore = (await bench.pool.query<{ id: string }>('SELECT coalesce(max(id), 0) AS id FROM ledger_entries'))
    .rows[0]!.id;
  await fund(db, team, 'USDT_REWARD', '35');
  const started = performance.now();
  const [mixedPurchases, mixedWithdrawals, teamWithdrawals] = await Promise.all([
    burst('purchases, mixed', mixedBuyers, buy),
    burst('withdrawals of the buyers, mixed', mixedBuyers, withdraw),
    burst('withdrawals of the credited sponsors, mixed', team, withdraw, true),
  ]);
  const mixedSeconds = (performance.now() - started) / 1000;
  const mixedRequests = mixedPurchases.requests + mixedWithdrawals.requests + teamWithdrawals.requests;
  const mixed = {
    requests: mixedRequests,
    seconds: round(mixedSeconds, 3),
    perSecond: round(mixedRequests / mixedSeconds, 1),
    p99Ms: round(Math.max(mixedPurchases.p99Ms, mixedWithdrawals.p99Ms, teamWithdrawals.p99Ms)),
    purchases: mixedPurchases,
    withdrawals: mixedWithdrawals,
    teamWithdrawals,
  };
  const checks = await ledgerChecks(bench);
  const rewards = await bench.pool.query<{ n: string }>('SELECT count(*) AS n FROM level_rewards');
  const levelRewardsPerPurchase = Number(rewards.rows[0]!.n) / ((buyers.length + mixedBuyers.length) * AFFORDABLE);
  const rewardLeft = await bench.pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM member_balances WHERE asset = 'USDT_REWARD' AND user_id = ANY($1) AND balance <> 5`,
    [[...withdrawers, ...mixedBuyers]],
  );
  const teamCheck = await teamRewardsAddUp(bench, team, rewardBefore, lastEntryBefore, teamWithdrawals.succeeded);
  const ok =
    [purchases, withdrawals, mixedPurchases, mixedWithdrawals, teamWithdrawals].every((b) => b.everyMemberGotTheAffordable) &&
    teamCheck &&
    checks.negativeBalances === 0 &&
    checks.balancesNotEqualToLedgerSums === 0 &&
    Number(rewardLeft.rows[0]!.n) === 0 &&
    levelRewardsPerPurchase === 5;
  console.log(
    JSON.stringify(
      {
        bench: 'account',
        database: 'postgresql',
        poolConnections: 10,
        membersPerBurst: memberCount,
        requestsPerMember: PER_MEMBER,
        affordablePerMember: AFFORDABLE,
        purchases,
        withdrawals,
        mixed,
        checks: {
          ...checks,
          levelRewardsPerPurchase,
          withdrawersNotLeftWith5: Number(rewardLeft.rows[0]!.n),
          sponsorRewardsAddUp: teamCheck,
          ok,
        },
      },
      null,
      2,
    ),
  );
  if (!ok) process.exitCode = 1;
} finally {
  await bench.close();
}
