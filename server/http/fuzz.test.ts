/**
 * Fuzz suite: every route and method of the published OpenAPI document gets malformed and
 * hostile bodies, queries and path parameters, anonymously and as a signed-in member with a
 * subscription and exchange keys. No answer may be a 5xx, every refusal carries a reason of the
 * closed set (common/reasons.ts), every answer comes within the time limit (time-limit.ts), and
 * Object.prototype must stay clean. How deep the starts and edits got is printed for the database it ran on
 * (testing/fuzz/reach.ts); fuzz-sequences.test.ts is the fuzz of the deep paths.
 * Deterministic (a fixed seed; FUZZ_SEED / FUZZ_RUNS override it) and bounded.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER } from '../../common/messages';
import { isReason } from '../../common/reasons';
import { Engine } from '../engine/engine';
import { enginePorts } from '../engine-ports';
import { SILENT } from '../engine/testing/harness';
import { testExchange } from '../exchange/testing/exchange';
import { saveKeys } from '../modules/keys/keys';
import { grant } from '../modules/subscriptions/subscriptions';
import { oneDatabaseTarget } from '../testing/databases';
import { bearer, register, type Registered } from '../testing/members';
import { createTestServer, type TestServer } from '../testing/server';
import { strategyBody } from '../../common/testing/strategy-bodies';
import { POLLUTION_MARKERS } from './testing/fuzz/hostile-input';
import { Reach } from './testing/fuzz/reach';
import { withinTimeLimit } from './testing/fuzz/time-limit';
import { routesOf, type FuzzRoute, type OpenApiDocument } from './testing/fuzz/openapi-routes';
import type { PlausibleValues } from './testing/fuzz/plausible';
import { requestsFor, type FuzzRequest } from './testing/fuzz/requests';
import { sweepFor } from './testing/fuzz/sweep';

const SEED = Number(process.env.FUZZ_SEED ?? 20_240_611);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
/**
 * The only 5xx allowed: the 503 the wallet routes answer on purpose because the test server runs
 * without a Binance Smart Chain connection (a deliberate DomainError('unavailable'), not a crash).
 */
const DELIBERATE_503 = new Set<string>([SERVER.depositsUnavailable, SERVER.withdrawalsUnavailable]);
/** Calls that end or replace the member's session or keys get a member of their own. */
const SPENDS_THE_MEMBER = new Set(['POST /api/logout', 'POST /api/apikeys']);

// One database (testing/databases.ts' rule): the hostile-input fuzz; no answer here depends on how transactions interleave.
const targets = await oneDatabaseTarget();
type Exchange = Awaited<ReturnType<typeof testExchange>>;

/** The published routes, read once from a throwaway server (the list is the same on every database). */
async function publishedRoutes(): Promise<FuzzRoute[]> {
  const server = await createTestServer(targets[0]!);
  try {
    const docs = await server.app.inject({ method: 'GET', url: '/docs/json' });
    return routesOf(docs.json<OpenApiDocument>());
  } finally {
    await server.close();
  }
}

const routes = await publishedRoutes();
const label = (route: FuzzRoute) => `${route.method} ${route.path}`;

function fieldsOf(body: string): { message?: unknown; reason?: unknown } {
  try {
    const parsed = JSON.parse(body) as unknown;
    return parsed !== null && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

function parsedOrNull(payload: string | undefined): unknown {
  try {
    return payload === undefined ? null : (JSON.parse(payload) as unknown);
  } catch {
    return null;
  }
}

function prototypeIsClean(): boolean {
  const probe = {} as Record<string, unknown>;
  return POLLUTION_MARKERS.every((key) => probe[key] === undefined && !(key in Object.prototype));
}

describe('the published API', () => {
  it('lists every route family the fuzz suite must cover', () => {
    const paths = routes.map(label);
    expect(paths).toEqual(
      expect.arrayContaining([
        'POST /api/signup',
        'POST /api/reset-password/{token}',
        'POST /api/startbotdata',
        'POST /account/withdraw/create',
        'GET /api/klines',
      ]),
    );
  });
});

describe.each(targets)('fuzzing every route on $name', (target) => {
  let exchange: Exchange;
  let server: TestServer;
  let engine: Engine;
  let member: Registered;
  /** The member's own strategy, so calls that name it get past "not found". */
  const own: PlausibleValues = {
    strategy_name: ['fuzz-strategy', 'System Strategy'],
    strategyName: ['fuzz-strategy'],
    myStrategy: ['fuzz-strategy', 'System Strategy'],
  };
  const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
  /** How deep the starts and edits got (printed once the file is done). */
  const reach = new Reach();

  /** A member with a subscription and simulator keys holding USDT, as a trader has. */
  async function trader(): Promise<Registered> {
    const who = await register(server);
    await grant(server.database.db, who.userId, 30, 'fuzz');
    const key = exchange.simulator.control.createAccount({
      balances: { USDT: '100000000', BTC: '1' },
      futuresBalances: { USDT: '1000' },
    });
    await saveKeys({ config: server.config, db: server.database.db, exchange }, who.userId, key);
    return who;
  }

  beforeAll(async () => {
    exchange = await testExchange();
    server = await createTestServer(
      target,
      { FUTURES_ENABLED: 'true', RATE_LIMIT_MAX: '1000000000', RATE_LIMIT_REFERRAL_MAX: '1000000000' },
      { exchange },
    );
    member = await trader();
    const strategy = await asMember('/api/strategy', strategyBody('fuzz-strategy', 2));
    expect(strategy.statusCode, strategy.body).toBe(200);
    // Stop and settings commands wait for the engine's verdict; without one each would wait 5 s.
    engine = new Engine({
      db: server.database.db,
      config: server.config,
      exchange,
      ...enginePorts(server.app.deps),
      log: SILENT,
      claimEveryMs: 100,
      commandEveryMs: 20,
    });
    engine.start();
  });
  afterAll(async () => {
    console.info(
      reach.report(`fuzz reach, every route with hostile input, on ${target.name} (FUZZ_SEED ${SEED}, FUZZ_RUNS ${RUNS})`),
    );
    await engine?.stop();
    await server?.close();
    await exchange?.close();
  });

  const asMember = (url: string, payload: object) =>
    server.app.inject({ method: 'POST', url, payload, headers: bearer(member.token) });

  /** A live bot of the member's: each bot call gets its own, as a stop ends it. */
  async function liveBot(): Promise<string> {
    const bot = await asMember('/api/startbotdata', {
      selectPair: 'BTCUSDT',
      myStrategy: 'System Strategy',
      amount: 500,
      category: 'Spot',
      botType: 'Advanced Multigrid',
    });
    expect(bot.statusCode, bot.body).toBe(200);
    return bot.json<{ botID: string }>().botID;
  }

  /** The status, reading streams (SSE) only up to their headers; within the time limit, or the test fails naming the request. */
  function send(
    request: FuzzRequest,
    token: string | null,
  ): Promise<{ status: number; body: string; message: unknown; reason: unknown }> {
    return withinTimeLimit(
      answerOf(request, token),
      () => `${request.method} ${request.url.slice(0, 200)} (${request.contentType}) ${(request.payload ?? '').slice(0, 300)}`,
    );
  }

  async function answerOf(
    request: FuzzRequest,
    token: string | null,
  ): Promise<{ status: number; body: string; message: unknown; reason: unknown }> {
    const res = await server.app.inject({
      method: request.method as 'GET' | 'POST',
      url: request.url,
      headers: {
        ...(token ? bearer(token) : {}),
        ...(request.payload === undefined ? {} : { 'content-type': request.contentType }),
      },
      ...(request.payload === undefined ? {} : { payload: request.payload }),
      payloadAsStream: true,
    });
    const stream = res.stream();
    if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
      (res.raw.res as unknown as { destroy(): void }).destroy();
      return { status: res.statusCode, body: '', message: undefined, reason: undefined };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    const { message, reason } = fieldsOf(body);
    reach.record(request.url.split('?')[0]!, parsedOrNull(request.payload), res.statusCode, reason, message);
    return { status: res.statusCode, body: body.slice(0, 300), message, reason };
  }

  /** A readable line for a request that got a 5xx or a refusal without a reason, or null when the answer is fine. */
  async function failureOf(request: FuzzRequest, token: string | null): Promise<string | null> {
    const { status, body, message, reason } = await send(request, token);
    const refusedWithReason = status < 400 || isReason(reason);
    const crashed = status >= 500 && !(status === 503 && DELIBERATE_503.has(String(message)));
    if (refusedWithReason && !crashed) return null;
    const payload = (request.payload ?? '').slice(0, 300);
    return `${request.method} ${request.url.slice(0, 200)} (${request.contentType}) ${payload}\n-> ${status} ${body}`;
  }

  function expectCleanPrototype() {
    expect(prototypeIsClean()).toBe(true);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
  }

  /** The member's own values for `route`: a live bot of its own for the calls that name one. */
  async function ownValues(route: FuzzRoute, token: string | null): Promise<PlausibleValues> {
    return token && route.body?.properties?.botID ? { ...own, botID: [await liveBot()] } : own;
  }

  /** Every swept request; all failures are reported together. */
  async function sweep(route: FuzzRoute, token: string | null) {
    const failures: string[] = [];
    for (const request of sweepFor(route, await ownValues(route, token))) {
      const failure = await failureOf(request, token);
      if (failure) failures.push(failure);
    }
    if (failures.length > 0)
      throw new Error(`${failures.length} swept request(s) got a 5xx or a refusal without a reason:\n${failures.join('\n')}`);
    expectCleanPrototype();
  }

  /** Seeded random mixes of plausible and hostile fields. */
  async function fuzz(route: FuzzRoute, token: string | null) {
    const values = await ownValues(route, token);
    await fc.assert(
      fc.asyncProperty(requestsFor(route, values), async (request) => {
        const failure = await failureOf(request, token);
        if (failure) throw new Error(failure);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expectCleanPrototype();
  }

  /** The shared member, or a fresh one for the calls that end its session or keys. */
  const memberFor = async (route: FuzzRoute) => (SPENDS_THE_MEMBER.has(label(route)) ? (await trader()).token : member.token);

  describe.each(routes.map((route) => [label(route), route] as const))('%s', (_name, route) => {
    it('answers every swept hostile input below 500, anonymously', () => sweep(route, null));
    it('answers every swept hostile input below 500, as a member', async () => sweep(route, await memberFor(route)));
    it('answers random hostile input below 500, anonymously', () => fuzz(route, null));
    it('answers random hostile input below 500, as a member', async () => fuzz(route, await memberFor(route)));
  });
});
