/**
 * bench:api - the dashboard set every open desktop polls every 10 s (GET /api/botstatus,
 * /api/pichart, /api/totalprofitbookdata) against PostgreSQL holding 10,000 bots and 1,000,000
 * bot_orders, with the platform server (ROLES=api, EXCHANGE=sim) in its own process on loopback
 * and the simulator in another. autocannon sends each endpoint alone and then the three in turn
 * (the mix), every request with the Bearer token of the next of many members. Before timing,
 * every member's pichart is asked once so their balance feeds are up (the first read of a
 * member is a REST snapshot; the bench lifts the governor's spot budget for that warm-up,
 * EXCHANGE_WEIGHT_SPOT). Each run also reports where the machine's cores went: the server, the
 * PostgreSQL processes and the load generator (this process), in cores and CPU ms per request,
 * since all three share the machine. Then EXPLAIN ANALYZE of each query the set runs, for one member.
 * Prints one JSON document; never fails on a timing.
 *
 * Env: BENCH_MEMBERS (1000), BENCH_BOTS (10000), BENCH_ORDERS (1000000), BENCH_CONNECTIONS (50),
 * BENCH_DURATION (10 s per run), BENCH_ENDPOINTS (a comma list of the set to time alone, e.g.
 * /api/botstatus for a profile of that one; the mix always runs all three).
 */
import autocannon from 'autocannon';
import { createHmac } from 'node:crypto';
import { cpus } from 'node:os';
import type pg from 'pg';
import { TICKER_SYMBOLS } from '../server/exchange/exchange-factory';
import { SPARKLINE_POINTS } from '../server/modules/runnables/sparklines';
import { normaliseStrategy, snapshotOf } from '../trading/index';
import { storedGrids } from '../server/runnables/bot/index';
import {
  benchDatabase,
  postgresCpuDelta,
  postgresCpuSeconds,
  processCpuSeconds,
  seedMembers,
  seedSessions,
} from './support/bench-db';
import { boughtBot } from './support/bots';
import { createAccount, spawnScript, spawnSimulator } from './support/spawn-sim';

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const MEMBERS = num('BENCH_MEMBERS', 1_000);
const BOTS = num('BENCH_BOTS', 10_000);
const ORDERS = num('BENCH_ORDERS', 1_000_000);
const CONNECTIONS = num('BENCH_CONNECTIONS', 50);
const DURATION_S = num('BENCH_DURATION', 10);
const BOTS_PER_MEMBER = Math.max(1, Math.round(BOTS / MEMBERS));
const ORDERS_PER_BOT = Math.max(1, Math.round(ORDERS / (MEMBERS * BOTS_PER_MEMBER)));
const TARGET = { requestsPerSecond: 2_000, p99Ms: 50 };
const ENDPOINTS = ['/api/botstatus', '/api/pichart', '/api/totalprofitbookdata'] as const;
const round = (x: number, d = 2) => Number(x.toFixed(d));

const b64url = (x: string | Buffer) => Buffer.from(x).toString('base64url');
/** An HS256 JWT as @fastify/jwt signs it: {sub, jti, exp}. */
function signJwt(secret: string, payload: Record<string, unknown>): string {
  const head = `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(payload))}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

/** A running bot's state as the engine stores it: grid 1 held, a month of daily profits. */
function botTemplate() {
  const tableData = [40, 30, 30].map((alloc, i) => ({
    gridNo: i + 1,
    allottedAmountPercentagePerOrder: String(alloc),
    buyPercentage: '1',
    buyPercentageUp: '0.2',
    takeProfitPercentage: '1',
    takeProfitPercentageDown: '0.2',
  }));
  const strategy = normaliseStrategy({ strategyName: 'System Strategy', noOfGrids: 3, tableData });
  const rules = { stepSize: '0.001', tickSize: '0.01', minNotional: '5', feeRate: '0.001' };
  const state = snapshotOf(boughtBot(strategy, { investment: 1000 }, rules, { ts: Date.now(), price: '145.62' }));
  for (let d = 0; d < 30; d++)
    state.datewise[new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10)] = ((d % 7) * 0.37).toFixed(2);
  return { snapshot: storedGrids(strategy), rules, state };
}

async function seedBotsAndOrders(pool: pg.Pool): Promise<{ bots: number; orders: number; seconds: number }> {
  const started = performance.now();
  const t = botTemplate();
  const client = await pool.connect();
  try {
    await client.query("SET synchronous_commit = off; SET maintenance_work_mem = '512MB'");
    await client.query(
      `
      INSERT INTO bots (user_id, status, strategy_name, strategy_snapshot, symbol, category, bot_type, investment, market_rules, state,
        realized_pnl, profit_booked, loss_booked, held_qty, held_cost, grid_no, total_grid, trades, last_price, started_at, stopped_at, order_seq)
      SELECT u.id, CASE WHEN g % 20 = 0 THEN 'Stopped' WHEN g % 20 = 1 THEN 'Pause' ELSE 'Live' END, 'System Strategy', $1::jsonb,
        ($4::text[])[1 + (u.n * $5 + g) % array_length($4::text[], 1)], 'Spot', 'Advanced Multigrid', 1000, $2::jsonb, $3::jsonb,
        12.5, 14, -1.5, 2.747, 400.4, 1, 3, $6, 145.62, now() - interval '40 days' + g * interval '1 hour',
        CASE WHEN g % 20 = 0 THEN now() END, $6
      FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users) u CROSS JOIN generate_series(0, $5 - 1) g`,
      [
        JSON.stringify(t.snapshot),
        JSON.stringify(t.rules),
        JSON.stringify(t.state),
        TICKER_SYMBOLS,
        BOTS_PER_MEMBER,
        ORDERS_PER_BOT,
      ],
    );
    // A bulk load as a restore does it: secondary indexes built after the rows, foreign keys not re-checked row by row.
    const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
      "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'bot_orders' AND indexname <> 'bot_orders_pkey'",
    );
    for (const ix of indexes) await client.query(`DROP INDEX ${ix.indexname}`);
    await client.query('SET session_replication_role = replica');
    await client.query(
      `
      INSERT INTO bot_orders (bot_id, seq, client_order_id, kind, side, grid, quantity, decision_price, status, exchange_order_id,
        fill_price, filled_qty, cost, fee, pnl, created_at, filled_at)
      SELECT b.id, s, 'gd' || substr(replace(b.id::text, '-', ''), 1, 20) || 'x' || s, CASE WHEN s % 2 = 0 THEN 'buy' ELSE 'sell' END,
        CASE WHEN s % 2 = 0 THEN 'buy' ELSE 'sell' END, 1 + (s / 2) % 3, 2.747, 145.62, 'filled', s::text, 145.62 + s % 7, 2.747,
        400.03, 0.4, CASE WHEN s % 2 = 1 THEN 0.35 ELSE 0 END, b.started_at + s * interval '5 minutes', b.started_at + s * interval '5 minutes'
      FROM bots b CROSS JOIN generate_series(0, $1 - 1) s`,
      [ORDERS_PER_BOT],
    );
    await client.query('SET session_replication_role = origin');
    for (const ix of indexes) await client.query(ix.indexdef);
    await client.query('ANALYZE');
    const {
      rows: [count],
    } = await client.query<{ bots: string; orders: string }>(
      'SELECT (SELECT count(*) FROM bots) AS bots, (SELECT count(*) FROM bot_orders) AS orders',
    );
    return { bots: Number(count!.bots), orders: Number(count!.orders), seconds: round((performance.now() - started) / 1000, 1) };
  } finally {
    client.release();
  }
}

function startServer(env: Record<string, string>) {
  return spawnScript('./api-server-process.ts', { ...process.env, ...env });
}

/** autocannon over `paths` in turn, each request with the next member's token; `serverPid` is sampled for its CPU. */
async function load(url: string, paths: readonly string[], tokens: string[], serverPid: number) {
  let next = 0;
  const requests = paths.map((path) => ({
    method: 'GET' as const,
    path,
    setupRequest: (req: autocannon.Request) => ({
      ...req,
      headers: { authorization: `Bearer ${tokens[next++ % tokens.length]}` },
    }),
  }));
  const [server0, pg0, self0, started] = [
    await processCpuSeconds(serverPid),
    await postgresCpuSeconds(),
    process.cpuUsage(),
    performance.now(),
  ];
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, requests });
  const [server1, pg1, self1, wall] = [
    await processCpuSeconds(serverPid),
    await postgresCpuSeconds(),
    process.cpuUsage(self0),
    (performance.now() - started) / 1000,
  ];
  const rps = r.requests.average;
  const serverSeconds = server0 === null || server1 === null ? null : server1 - server0;
  const pgSeconds = postgresCpuDelta(pg0, pg1);
  const perRequestMs = (seconds: number | null) =>
    seconds === null || r.requests.total === 0 ? null : round((seconds * 1000) / r.requests.total, 3);
  return {
    requestsPerSecond: rps,
    latencyMs: { p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max },
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    ratioToTarget: round(rps / TARGET.requestsPerSecond),
    met: rps >= TARGET.requestsPerSecond && r.latency.p99 < TARGET.p99Ms,
    cpu: {
      serverCores: serverSeconds === null ? null : round(serverSeconds / wall, 3),
      postgresCores: pgSeconds === null ? null : round(pgSeconds / wall, 3),
      loadGeneratorCores: round((self1.user + self1.system) / 1e6 / wall, 3),
      serverMsPerRequest: perRequestMs(serverSeconds),
      postgresMsPerRequest: perRequestMs(pgSeconds),
    },
  };
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}
function nodes(plan: PlanNode): string[] {
  const here = `${plan['Node Type']}${plan['Index Name'] ? ` using ${plan['Index Name']}` : plan['Relation Name'] ? ` on ${plan['Relation Name']}` : ''}`;
  return [here, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** EXPLAIN ANALYZE of what the three endpoints run for one member (the SQL as drizzle sends it, parameters inlined). */
async function explain(pool: pg.Pool, userId: string, sessionId: string) {
  const ids = (
    await pool.query<{ id: string }>("SELECT id FROM bots WHERE user_id = $1 AND status IN ('Live', 'Pause')", [userId])
  ).rows.map((r) => r.id);
  const idList = ids.map((id) => `'${id}'::uuid`).join(', ') || 'NULL';
  const queries: Record<string, string> = {
    authSession: `SELECT user_id FROM sessions WHERE id = '${sessionId}' AND revoked_at IS NULL AND expires_at > now()`,
    botstatusBots: `SELECT id, symbol, category, bot_type, strategy_name, status, last_price, started_at, stopped_at, realized_pnl, investment, trades,
      grid_no, total_grid, state, leverage FROM bots WHERE user_id = '${userId}' AND status IN ('Live', 'Pause') ORDER BY started_at DESC, created_at DESC`,
    botstatusSparklines: `SELECT bot_id, filled_at, cum FROM (
      SELECT bot_id, filled_at, sum(pnl) OVER (PARTITION BY bot_id ORDER BY filled_at, seq) AS cum,
        row_number() OVER (PARTITION BY bot_id ORDER BY filled_at, seq) AS n, count(*) OVER (PARTITION BY bot_id) AS total
      FROM bot_orders WHERE bot_id IN (${idList}) AND status = 'filled' AND side = 'sell' AND pnl IS NOT NULL AND filled_at IS NOT NULL) s
      WHERE (n * ${SPARKLINE_POINTS}) / total > ((n - 1) * ${SPARKLINE_POINTS}) / total ORDER BY bot_id, n`,
    pichartKey: `SELECT * FROM exchange_keys WHERE user_id = '${userId}'`,
    pichartBots: `SELECT id, symbol, investment, held_cost FROM bots WHERE user_id = '${userId}' AND status IN ('Live', 'Pause')`,
    totalprofitbookdata: `SELECT coalesce(sum(profit_booked), 0), coalesce(sum(loss_booked), 0), coalesce(sum(realized_pnl), 0) FROM bots WHERE user_id = '${userId}'`,
  };
  const out: Record<string, unknown> = {};
  for (const [name, sql] of Object.entries(queries)) {
    const { rows } = await pool.query<{
      'QUERY PLAN': [
        {
          Plan: PlanNode & { 'Actual Rows': number };
          'Planning Time': number;
          'Execution Time': number;
          JIT?: { Timing?: { Total?: number } };
        },
      ];
    }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`);
    const [p] = rows[0]!['QUERY PLAN'];
    out[name] = {
      planningMs: round(p['Planning Time'], 3),
      executionMs: round(p['Execution Time'], 3),
      jitMs: p.JIT?.Timing?.Total === undefined ? 0 : round(p.JIT.Timing.Total, 3),
      rows: p.Plan['Actual Rows'],
      plan: nodes(p.Plan).join(' > '),
    };
  }
  return out;
}

const sim = await spawnSimulator();
const db = await benchDatabase({ EXCHANGE: 'sim', SIM_URL: sim.url });
let server: Awaited<ReturnType<typeof startServer>> | null = null;
try {
  const seedStarted = performance.now();
  const keys: { apiKey: string; secretKey: string }[] = [];
  for (let i = 0; i < MEMBERS; i += 50)
    keys.push(...(await Promise.all(Array.from({ length: Math.min(50, MEMBERS - i) }, () => createAccount(sim.url)))));
  const members = await seedMembers(db, keys);
  const sessions = await seedSessions(
    db,
    members.map((m) => m.userId),
  );
  const membersSeconds = round((performance.now() - seedStarted) / 1000, 1);
  const seeded = await seedBotsAndOrders(db.pool);
  const exp = Math.floor(Date.now() / 1000) + 86_400;
  const secret = 'bench-jwt-secret-that-is-long-enough-0123456789';
  const tokens = members.map((m, i) => signJwt(secret, { sub: m.userId, jti: sessions[i], exp }));

  server = await startServer({
    DATABASE_URL: db.url,
    DATA_DIR: db.config.dataDir,
    JWT_SECRET: secret,
    SECRETS_KEY: '00'.repeat(32),
    ROLES: 'api',
    EXCHANGE: 'sim',
    SIM_URL: sim.url,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    EXCHANGE_WEIGHT_SPOT: '1000000',
  });
  const url = server.url;
  // Warm-up: every member's balance feed (pichart), and the JIT on every route.
  const warmStarted = performance.now();
  for (let i = 0; i < tokens.length; i += 20) {
    await Promise.all(
      tokens.slice(i, i + 20).map(async (token) => {
        for (const path of ENDPOINTS) {
          const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
          if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
          await res.arrayBuffer();
        }
      }),
    );
  }
  const warmupSeconds = round((performance.now() - warmStarted) / 1000, 1);
  const sample = (await (
    await fetch(`${url}/api/botstatus`, { headers: { authorization: `Bearer ${tokens[0]}` } })
  ).json()) as unknown[];

  const endpoints: Record<string, Awaited<ReturnType<typeof load>>> = {};
  const alone = process.env.BENCH_ENDPOINTS ? process.env.BENCH_ENDPOINTS.split(',') : ENDPOINTS;
  for (const path of alone) endpoints[path] = await load(url, [path], tokens, server.child.pid!);
  const mix = process.env.BENCH_ENDPOINTS ? null : await load(url, ENDPOINTS, tokens, server.child.pid!);
  const plans = await explain(db.pool, members[0]!.userId, sessions[0]!);

  console.log(
    JSON.stringify(
      {
        bench: 'api',
        node: process.version,
        cpus: cpus().length,
        database: 'postgres',
        data: {
          members: MEMBERS,
          bots: seeded.bots,
          botsPerMember: BOTS_PER_MEMBER,
          liveOrPausedPerMember: sample.length,
          orders: seeded.orders,
          ordersPerBot: ORDERS_PER_BOT,
          seedMembersSeconds: membersSeconds,
          seedBotsAndOrdersSeconds: seeded.seconds,
          warmupSeconds,
        },
        connections: CONNECTIONS,
        secondsEach: DURATION_S,
        tokensRotated: tokens.length,
        target: TARGET,
        endpoints,
        mix,
        explainAnalyze: plans,
      },
      null,
      2,
    ),
  );
} finally {
  await server?.stop();
  await db.close();
  await sim.stop();
}
process.exit(0);
