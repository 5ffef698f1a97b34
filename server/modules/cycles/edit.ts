/**
 * POST /api/editcycle: the buy, sell and stop loss prices and the number of cycles, applied at
 * once by the engine (a resting order at an old price is replaced). The body schema checked
 * z <= b < s; here, on the locked row, the count against the rounds completed, the prices onto
 * the pair's tick and the amount against the minimum order at the new buy price (the rules the
 * cycle started with).
 */
import { Decimal } from '../../../common/money';
import { SERVER, UI } from '../../../common/messages';
import type { StoredMarketRules } from '../../runnables/bot/index';
import type { CycleRow } from '../../runnables/cycle/index';
import { DomainError } from '../errors';
import { changeCycle, type CycleSettingsColumns } from './change';
import type { CommandWait } from './commands';
import type { CyclesDeps } from './deps';
import { checkRoundMinimum, pricesOnTick } from './order-rules';
import { progressOf } from './progress';

export interface CycleEditInput {
  buyPrice: string;
  sellPrice: string;
  stopLoss: string;
  noOfCycle: number;
}

function settingsFor(cycle: CycleRow, edit: CycleEditInput): CycleSettingsColumns {
  const { completed } = progressOf(cycle);
  if (edit.noOfCycle < completed) throw new DomainError('cycle.cycles_below_completed', SERVER.cyclesBelowCompleted(completed));
  const rules = (cycle.marketRules ?? {}) as Partial<StoredMarketRules>;
  const prices = pricesOnTick(
    { buyPrice: new Decimal(edit.buyPrice), sellPrice: new Decimal(edit.sellPrice), stopLoss: new Decimal(edit.stopLoss) },
    rules.tickSize ?? '0',
  );
  if (rules.stepSize) {
    checkRoundMinimum({
      pair: cycle.symbol,
      amount: new Decimal(cycle.amount),
      leverage: cycle.leverage,
      buyPrice: prices.buyPrice,
      stepSize: rules.stepSize,
      minNotional: rules.minNotional ?? '0',
    });
  }
  return {
    buyPrice: prices.buyPrice.toFixed(),
    sellPrice: prices.sellPrice.toFixed(),
    stopLoss: prices.stopLoss.toFixed(),
    noOfCycle: edit.noOfCycle,
  };
}

export function editCycle(
  deps: CyclesDeps,
  userId: string,
  cycleId: string,
  edit: CycleEditInput,
  wait?: CommandWait,
): Promise<{ message: string }> {
  return changeCycle(
    deps,
    userId,
    cycleId,
    { kind: 'settings', settings: (cycle) => settingsFor(cycle, edit), success: UI.cycleUpdated },
    wait,
  );
}
