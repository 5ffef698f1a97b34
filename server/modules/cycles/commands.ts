/**
 * A cycle's member commands (stop, stop & sell, settings) on the one command path every runnable
 * shares (../runnables/commands.ts): its commands table, and its refusals as the member reads
 * them, the kernel's and the cycle core's own (runnables/cycle/commands.ts), each with its
 * reason and SPEC's message.
 */
import { SERVER, VALIDATION } from '../../../common/messages';
import { cycleCommands } from '../../db/schema';
import { cycleEditRefusalOf, type CycleCommandKind, type CycleEditRefusal } from '../../runnables/cycle/index';
import { DomainError } from '../errors';
import { runnableCommands, type RefusedCommand } from '../runnables/commands';
import { cycleAlreadyStopped, cycleNotFound } from './access';

export type { CommandWait } from '../runnables/commands';

/**
 * The engine's refusal as the member reads it: the kernel's refusals (runnables/command-results.ts)
 * and the cycle core's own (runnables/cycle/commands.ts), each with its reason and SPEC's words.
 * A refusal neither names (an engine of another version) is a change that did not apply: its
 * text stays in the command's row for support and never becomes the member's message.
 */
function cycleRefusalError(result: RefusedCommand): DomainError {
  switch (result.refusal) {
    case 'already_stopped':
      return cycleAlreadyStopped();
    case 'bot_not_found':
      return cycleNotFound();
    case 'not_applied_now':
      return changeNotApplied();
    case 'other':
      return cycleEditRefusalError(cycleEditRefusalOf(result));
  }
}

const changeNotApplied = () => new DomainError('cycle.change_not_applied', SERVER.cycleChangeNotApplied);

function cycleEditRefusalError(refusal: CycleEditRefusal | null): DomainError {
  switch (refusal) {
    case 'cycles_below_completed':
      return new DomainError('cycle.cycles_below_completed', SERVER.cyclesBelowCompleted());
    case 'stoploss_above_buy':
      return new DomainError('validation.invalid', VALIDATION.cycleStopLossAboveBuy);
    case 'sell_not_above_buy':
      return new DomainError('validation.invalid', VALIDATION.cycleSellNotAboveBuy);
    case null:
      return changeNotApplied();
  }
}

export const cycleCommandPath = runnableCommands<CycleCommandKind>(cycleCommands, cycleRefusalError);
