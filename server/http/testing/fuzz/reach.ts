/**
 * How deep the fuzz's bot and cycle starts and edits got (issue 34, item 11): each answer is
 * counted by the reason it was refused with (or 'accepted') and by the last step of the start it
 * reached, so a run shows how many requests got past the pair check to the pair lookup, the
 * balance, the sizing (the exchange's order rules) and the exchange.
 *
 * The steps follow the order of server/modules/bots/start.ts and cycles/start.ts: the body's rules,
 * the member (subscription, keys), for a bot its strategy and minimum amount; then the pair check
 * under the member's lock (*.pair_in_use); then the exchange's checks: the pair's rules (unknown
 * pair), a bot's prices against the live one, the balance, a cycle's prices on the tick and its
 * minimum order, the futures brackets; then the record. A refusal's reason alone does not always
 * name its step (an unknown pair is refused by its shape before the pair check, by the exchange's
 * list after it): the request's pair and the message tell them apart.
 */
import { SERVER, VALIDATION } from '../../../../common/messages';

export const START_STEPS = [
  'before the pair check',
  'at the pair check',
  'at the pair lookup',
  'at the live price',
  'at the balance',
  'at the sizing',
  'at the exchange',
  'accepted',
] as const;
export type StartStep = (typeof START_STEPS)[number];

/** The steps each start has, in its order: a bot's prices meet the live one, a cycle's the tick and the minimum order. */
const STEPS_OF: Record<string, readonly StartStep[]> = {
  '/api/startbotdata': START_STEPS.filter((s) => s !== 'at the sizing'),
  '/api/startcycledata': START_STEPS.filter((s) => s !== 'at the live price'),
};
const START_ROUTES = new Set(Object.keys(STEPS_OF));
const EDIT_ROUTES = new Set(['/api/editcycle', '/api/editprofitbookat', '/api/gridprotectionadd', '/api/sltpedit']);

/** The shape both start modules (bots/start-rules.ts, cycles/start-rules.ts) refuse before the pair check. */
const PAIR_SHAPE = /^[A-Z0-9]{1,20}USDT$/;

/** The pair a start body names, as the start modules read it ('' when it has none). */
function pairOf(body: unknown): string {
  if (body === null || typeof body !== 'object') return '';
  const fields = body as Record<string, unknown>;
  const pair = fields.selectPair ?? fields.pair;
  return typeof pair === 'string' ? pair.trim().toUpperCase() : '';
}

const TICK_MESSAGE = (() => {
  const [before, after] = SERVER.cyclePriceBelowTick('\u0000').split('\u0000') as [string, string];
  return (message: string) => message.startsWith(before) && message.endsWith(after);
})();

/** The last step of a start that answered `status` with `reason` and `message`. */
export function startStep(body: unknown, status: number, reason: unknown, message: unknown): StartStep {
  if (status >= 200 && status < 300) return 'accepted';
  const text = typeof message === 'string' ? message : '';
  switch (reason) {
    case 'bot.pair_in_use':
    case 'cycle.pair_in_use':
      return 'at the pair check';
    case 'bot.pair_not_tradable':
    case 'market.unknown_pair':
      return PAIR_SHAPE.test(pairOf(body)) ? 'at the pair lookup' : 'before the pair check';
    case 'bot.no_live_price':
      return 'at the live price';
    case 'bot.insufficient_balance':
    case 'wallet.insufficient_funds':
      return 'at the balance';
    case 'cycle.amount_below_minimum':
      return 'at the sizing';
    case 'validation.invalid':
      if (text === VALIDATION.pausePriceAboveLive || text === VALIDATION.stopLossBelowLive) return 'at the live price';
      return TICK_MESSAGE(text) ? 'at the sizing' : 'before the pair check';
    case 'exchange.refused':
    case 'exchange.unavailable':
    case 'keys.rejected':
    case 'keys.unverifiable':
      return 'at the exchange';
    default:
      return 'before the pair check';
  }
}

interface RouteCounts {
  reasons: Map<string, number>;
  /** The messages of the refusals before the pair check: what kept the starts from going deeper. */
  early: Map<string, number>;
  steps: Map<StartStep, number>;
  total: number;
}

const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

/** Counts the answers of starts and edits; `report()` prints them, one block per route. */
export class Reach {
  private readonly routes = new Map<string, RouteCounts>();

  /** Records one answer; calls that are not a start or an edit are ignored. `path` has no query. */
  record(path: string, body: unknown, status: number, reason: unknown, message: unknown): void {
    if (!START_ROUTES.has(path) && !EDIT_ROUTES.has(path)) return;
    let counts = this.routes.get(path);
    if (!counts) this.routes.set(path, (counts = { reasons: new Map(), early: new Map(), steps: new Map(), total: 0 }));
    counts.total += 1;
    bump(counts.reasons, status < 300 ? 'accepted' : `${status} ${typeof reason === 'string' ? reason : '(no reason)'}`);
    if (!START_ROUTES.has(path)) return;
    const step = startStep(body, status, reason, message);
    bump(counts.steps, step);
    if (step === 'before the pair check') bump(counts.early, `${String(reason)}: ${String(message).slice(0, 80)}`);
  }

  /** Starts (both routes) that got past the pair check, and all starts. */
  pastThePairCheck(): { past: number; total: number } {
    let past = 0;
    let total = 0;
    for (const [path, counts] of this.routes) {
      if (!START_ROUTES.has(path)) continue;
      total += counts.total;
      for (const [step, n] of counts.steps) if (START_STEPS.indexOf(step) >= START_STEPS.indexOf('at the pair lookup')) past += n;
    }
    return { past, total };
  }

  /** Starts of `path` that reached `step` or a later one. */
  reached(path: string, step: StartStep): number {
    const counts = this.routes.get(path);
    if (!counts) return 0;
    let n = 0;
    for (const [at, count] of counts.steps) if (START_STEPS.indexOf(at) >= START_STEPS.indexOf(step)) n += count;
    return n;
  }

  report(title: string): string {
    const lines = [`${title}:`];
    for (const [path, counts] of [...this.routes].sort(([a], [b]) => a.localeCompare(b))) {
      lines.push(`  ${path}: ${counts.total} request(s)`);
      if (START_ROUTES.has(path)) {
        const steps = STEPS_OF[path]!;
        lines.push(
          `    last step: ${steps
            .filter((s) => counts.steps.has(s))
            .map((s) => `${s} ${counts.steps.get(s)}`)
            .join(', ')}`,
        );
        lines.push(
          `    reached: ${steps
            .slice(2)
            .map((s) => `${s.replace(/^at the /, '')} ${this.reached(path, s)}`)
            .join(', ')}`,
        );
      }
      lines.push(
        `    answers: ${[...counts.reasons]
          .sort((a, b) => b[1] - a[1])
          .map(([r, n]) => `${r} ${n}`)
          .join(', ')}`,
      );
      if (counts.early.size > 0) {
        lines.push(
          `    most refused before the pair check: ${[...counts.early]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 6)
            .map(([m, n]) => `${n}x ${m}`)
            .join(' | ')}`,
        );
      }
    }
    const { past, total } = this.pastThePairCheck();
    lines.push(`  starts past the pair check: ${past} of ${total}`);
    return lines.join('\n');
  }
}
