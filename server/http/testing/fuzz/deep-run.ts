/**
 * Runs the deep-path fuzz's actions (deep-actions.ts) against a test server with two members:
 * starts, bursts of concurrent starts on one pair, edits, stops, the other member's ids on every
 * id-taking route, and the billing calls that move ledger money. What must hold after each action
 * is checked where it can be (one per pair after every action; the quote a burst commits against
 * what was free before it; another member's records untouched); the rest after each run
 * (invariants.ts). A breach throws, naming the action.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { RUNNING_BOT_STATUSES } from '../../../../common/api/bots';
import type { Db } from '../../../db/database';
import { bots, cycles } from '../../../db/schema';
import type { Action, PairPick, StartPick } from './deep-actions';
import {
  botBody,
  botEditRequest,
  cycleBody,
  cycleEditBody,
  listedPair,
  pairOf,
  type DeepMember,
  type Markets,
} from './deep-bodies';
import { FuzzFailure, type FuzzCall, type FuzzClient } from './deep-client';
import { onePerPairBreaches, runningOf } from './invariants';
import { bodyNaming, ID_ROUTE_RULES, snapshotOf } from './ownership';
import { committedBreaches, committedBy, settledFreeQuote, startedId, stoppedOrdersSettled, type FreeQuote } from './quote-check';

export interface DeepWorld {
  db: Db;
  client: FuzzClient;
  markets: Markets;
  members: readonly [DeepMember, DeepMember];
  /** Each member's strategy as GET /api/stratagybypara shows it (the body of an edit). */
  strategyDetails: readonly [object, object];
  /** The subscription plans on sale. */
  planIds: readonly string[];
  /** The USDT each member's wallets have at hand for a start now. */
  freeQuote: FreeQuote;
}

interface Row {
  id: string;
  symbol: string;
  running: boolean;
}

/** The member's bots or cycles, oldest first. */
async function rowsOf(db: Db, userId: string, kind: 'bot' | 'cycle'): Promise<Row[]> {
  if (kind === 'bot') {
    const rows = await db
      .select({ id: bots.id, symbol: bots.symbol, status: bots.status })
      .from(bots)
      .where(eq(bots.userId, userId))
      .orderBy(asc(bots.createdAt), asc(bots.id));
    return rows.map((r) => ({
      id: r.id,
      symbol: r.symbol,
      running: (RUNNING_BOT_STATUSES as readonly string[]).includes(r.status),
    }));
  }
  const rows = await db
    .select({ id: cycles.id, symbol: cycles.symbol, status: cycles.status })
    .from(cycles)
    .where(eq(cycles.userId, userId))
    .orderBy(asc(cycles.createdAt), asc(cycles.id));
  return rows.map((r) => ({ id: r.id, symbol: r.symbol, running: r.status === 'Live' }));
}

/** One of the member's rows by `index`: a running one seven times in eight, when there is one. */
async function pick(db: Db, userId: string, kind: 'bot' | 'cycle', index: number): Promise<Row | null> {
  const rows = await rowsOf(db, userId, kind);
  const running = rows.filter((r) => r.running);
  const from = running.length > 0 && index % 8 !== 0 ? running : rows;
  return from.length === 0 ? null : from[index % from.length]!;
}

/** A Live bot to copy: one of `userIds[0]`'s, else of the others', by `index`. */
async function liveBotOf(db: Db, userIds: readonly string[], index: number): Promise<string | null> {
  for (const userId of userIds) {
    const rows = await db
      .select({ id: bots.id })
      .from(bots)
      .where(and(eq(bots.userId, userId), inArray(bots.status, ['Live'])))
      .orderBy(asc(bots.createdAt), asc(bots.id));
    if (rows.length > 0) return rows[index % rows.length]!.id;
  }
  return null;
}

const otherOf = (m: 0 | 1): 0 | 1 => (m === 0 ? 1 : 0);

/** An id no record has: a copy of a bot that is gone, an edit of a bot never started. */
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/** What the runs did that the reach histogram does not show. */
export interface DeepStats {
  bursts: number;
  burstStarts: number;
  burstAccepted: number;
  /** The most starts one burst got accepted on its one pair. */
  mostAcceptedInABurst: number;
  /** Requests naming the other member's bot, cycle or strategy, each checked. */
  otherMembersIds: number;
}

export class DeepRun {
  readonly stats: DeepStats = { bursts: 0, burstStarts: 0, burstAccepted: 0, mostAcceptedInABurst: 0, otherMembersIds: 0 };

  constructor(private readonly world: DeepWorld) {}

  private who(index: 0 | 1) {
    return this.world.members[index];
  }

  /** The call that starts `start` on the sent pair, for member `m`. */
  private async startCall(m: 0 | 1, pairPick: PairPick, start: StartPick, forwarded: string | undefined): Promise<FuzzCall> {
    const { markets, db } = this.world;
    const member = this.who(m);
    const { sent, pair } = pairOf(markets, pairPick);
    if (start.kind === 'cycle')
      return {
        who: member,
        method: 'POST',
        url: '/api/startcycledata',
        body: cycleBody(markets, member, sent, pair, start),
        forwarded,
      };
    const copied = start.copyOf.member;
    const copyBotID =
      start.kind === 'copy'
        ? ((await liveBotOf(db, [this.who(copied).userId, this.who(otherOf(copied)).userId], start.copyOf.index)) ?? NO_SUCH_ID)
        : null;
    return {
      who: member,
      method: 'POST',
      url: '/api/startbotdata',
      body: botBody(markets, member, this.who(otherOf(m)), sent, pair, start, copyBotID),
      forwarded,
    };
  }

  async perform(action: Action): Promise<void> {
    switch (action.do) {
      case 'start':
        await this.world.client.send(await this.startCall(action.member, action.pair, action.start, action.forwarded));
        break;
      case 'burst':
        await this.burst(action);
        break;
      case 'editCycle':
      case 'editBot':
      case 'stop':
        await this.change(action);
        break;
      case 'reach':
        await this.reachIds(action);
        break;
      case 'billing':
        await this.billing(action);
        break;
    }
    await this.expectOnePerPair(action);
  }

  /** Starts at once on one pair; together they commit no more than the wallets had free. */
  private async burst(action: Action & { do: 'burst' }): Promise<void> {
    const { db, client } = this.world;
    const member = this.who(action.member);
    await stoppedOrdersSettled(db, member.userId, 5_000);
    const [free, runningBefore] = await Promise.all([
      settledFreeQuote(db, member.userId, () => this.world.freeQuote(member), 5_000),
      runningOf(db, member.userId),
    ]);
    const calls = await Promise.all(
      action.starts.map((start) => this.startCall(action.member, action.pair, start, action.forwarded)),
    );
    const answers = await client.burst(calls);
    const accepted = answers.filter((a) => a.status === 200).length;
    Object.assign(this.stats, {
      bursts: this.stats.bursts + 1,
      burstStarts: this.stats.burstStarts + calls.length,
      burstAccepted: this.stats.burstAccepted + accepted,
      mostAcceptedInABurst: Math.max(this.stats.mostAcceptedInABurst, accepted),
    });
    const committed = await committedBy(
      db,
      answers.map(startedId).filter((id): id is string => id !== null),
    );
    const breaches = committedBreaches(member.label, free, committed, runningBefore, await runningOf(db, member.userId));
    if (breaches.length > 0) throw new FuzzFailure(`burst ${JSON.stringify(action)}:\n${breaches.join('\n')}`);
  }

  private async change(action: Action & { do: 'editCycle' | 'editBot' | 'stop' }): Promise<void> {
    const { db, markets, client } = this.world;
    const member = this.who(action.member);
    const kind = action.do === 'editCycle' ? 'cycle' : action.do === 'editBot' ? 'bot' : action.kind;
    const row = await pick(db, member.userId, kind, action.index);
    const id = row?.id ?? NO_SUCH_ID;
    const pair = listedPair(markets, row?.symbol ?? '');
    const { forwarded } = action;
    if (action.do === 'editCycle') {
      await client.send({
        who: member,
        method: 'POST',
        url: '/api/editcycle',
        body: cycleEditBody(id, pair, action.prices, action.count),
        forwarded,
      });
    } else if (action.do === 'editBot') {
      const { url, body } = botEditRequest(id, pair, action.edit);
      await client.send({ who: member, method: 'POST', url, body, forwarded });
    } else {
      const url = `/api/stop${kind}${action.sell ? 'withsell' : ''}`;
      await client.send({ who: member, method: 'POST', url, body: kind === 'bot' ? { botID: id } : { cycle_id: id }, forwarded });
    }
  }

  /** A route that names a record, with the member's own or (twice as often) the other member's. */
  private async reachIds(action: Action & { do: 'reach' }): Promise<void> {
    const { db, client, markets } = this.world;
    const actor = this.who(action.member);
    const ownerIndex = action.owner === 'own' ? action.member : otherOf(action.member);
    const owner = this.who(ownerIndex);
    const rule = ID_ROUTE_RULES[action.route];
    // A member's own strategy stays: deleting it would leave the other calls nothing to name.
    const route = action.owner === 'own' && action.route === '/api/deletestrategy' ? '/api/stratagybypara' : action.route;
    const id = rule.names === 'strategy' ? owner.strategy : (await pick(db, owner.userId, rule.names, action.index))?.id;
    if (id === undefined) return;
    const body = bodyNaming(route, id, {
      pair: markets.pairs[action.index % markets.pairs.length]!.symbol,
      strategyDetail: this.world.strategyDetails[ownerIndex],
    });
    const call: FuzzCall = { who: actor, method: 'POST', url: route, body, forwarded: action.forwarded };
    if (action.owner === 'own') {
      await client.send(call);
      return;
    }
    this.stats.otherMembersIds += 1;
    const before = await snapshotOf(db, rule.names, id, owner.userId);
    const answer = await client.send(call);
    const after = await snapshotOf(db, rule.names, id, owner.userId);
    const problems = [
      ...(answer.status === rule.status && answer.reason === rule.reason
        ? []
        : [`answered ${answer.status} ${String(answer.reason)}, not ${rule.status} ${rule.reason}`]),
      ...(before === after ? [] : [`changed ${owner.label}'s ${rule.names}: ${before} -> ${after}`]),
    ];
    if (problems.length > 0)
      throw new FuzzFailure(
        `another member's ${rule.names} ${id}: ${actor.label}: POST ${route} ${JSON.stringify(body)}\n${problems.join('\n')}`,
      );
  }

  /** The calls that move ledger money: a plan bought, rewards swapped, a withdrawal asked (503 without a chain). */
  private async billing(action: Action & { do: 'billing' }): Promise<void> {
    const { client, planIds } = this.world;
    const member = this.who(action.member);
    const amount =
      action.amount.kind === 'fixed' ? (action.amount.asNumber ? Number(action.amount.text) : action.amount.text) : '1';
    const call = {
      subscribe: { url: '/account/subscription/create', body: { planId: planIds[action.index % planIds.length] } },
      swap: { url: '/account/swap/usdt-reward/create', body: { amount } },
      withdraw: { url: '/account/withdraw/create', body: { amount, toAddress: `0x${'ab'.repeat(20)}` } },
    }[action.operation];
    await client.send({ who: member, method: 'POST', ...call, forwarded: action.forwarded });
  }

  private async expectOnePerPair(action: Action): Promise<void> {
    const breaches: string[] = [];
    for (const member of this.world.members)
      breaches.push(...onePerPairBreaches(member.label, await runningOf(this.world.db, member.userId)));
    if (breaches.length > 0) throw new FuzzFailure(`after ${JSON.stringify(action)}:\n${breaches.join('\n')}`);
  }

  /** Stops whatever still runs (stop, or stop & sell), so each run starts from free pairs. */
  async windDown(sell: boolean): Promise<void> {
    const calls: FuzzCall[] = [];
    for (const member of this.world.members) {
      for (const kind of ['bot', 'cycle'] as const) {
        for (const row of (await rowsOf(this.world.db, member.userId, kind)).filter((r) => r.running)) {
          calls.push({
            who: member,
            method: 'POST',
            url: `/api/stop${kind}${sell ? 'withsell' : ''}`,
            body: kind === 'bot' ? { botID: row.id } : { cycle_id: row.id },
          });
        }
      }
    }
    await this.world.client.burst(calls);
  }
}
