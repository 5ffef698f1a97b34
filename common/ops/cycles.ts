/**
 * Cycles operations (SPEC section 7: Cycles): the member's live cycles, their start, edit, stop
 * and stop & sell (each reaching the engine as a command written with the settings in one
 * transaction, as for bots), and History's Cycle tab. Another member's cycle_id is a 404.
 */
import * as answers from '../api/cycles';
import type { EditCycleRequest, StartCycleRequest } from '../api/cycles';
import { cycleIdBody, editCycleBody, startCycleBody } from '../schemas/cycles';
import { op } from './define';
import { ACCOUNT_EXCHANGE_REFUSES } from './refusals';
import { messageReply } from '../api/json-schema';

const cycles = { auth: 'member', envelope: 'api', tag: 'cycles' } as const;
/** A command on a cycle: it may be gone, already stopped, or its engine could not apply the command now. */
const COMMAND_REFUSES = ['cycle.not_found', 'cycle.already_stopped', 'cycle.change_not_applied'] as const;

export const cyclesOps = {
  'cycles:live': op()({
    ...cycles,
    method: 'GET',
    path: '/api/livecycles',
    summary: "The member's live cycles",
    response: answers.liveCycleList,
  }),
  'cycles:history': op()({
    ...cycles,
    method: 'GET',
    path: '/api/cyclebothistory',
    summary: "The member's completed and stopped cycles, newest first",
    response: answers.cycleHistoryResponse,
  }),
  'cycles:start': op<StartCycleRequest>()({
    refuses: [
      'bot.subscription_required',
      'bot.coming_soon',
      'bot.no_live_price',
      'cycle.pair_in_use',
      'cycle.amount_below_minimum',
      'futures.position_too_large',
      'wallet.insufficient_funds',
      ...ACCOUNT_EXCHANGE_REFUSES,
    ],
    ...cycles,
    method: 'POST',
    path: '/api/startcycledata',
    input: startCycleBody,
    summary: 'Starts a cycle',
    response: answers.startCycleResponse,
  }),
  'cycles:edit': op<EditCycleRequest>()({
    refuses: [...COMMAND_REFUSES, 'cycle.amount_below_minimum', 'cycle.cycles_below_completed'],
    ...cycles,
    method: 'POST',
    path: '/api/editcycle',
    input: editCycleBody,
    summary: "Changes a live cycle's prices and number of cycles; a resting order is replaced at once",
    response: messageReply,
  }),
  'cycles:stop': op()({
    refuses: COMMAND_REFUSES,
    ...cycles,
    method: 'POST',
    path: '/api/stopcycle',
    input: cycleIdBody,
    summary: 'Stops a cycle: its resting order is cancelled, holdings stay',
    response: messageReply,
  }),
  'cycles:stopAndSell': op()({
    refuses: COMMAND_REFUSES,
    ...cycles,
    method: 'POST',
    path: '/api/stopcyclewithsell',
    input: cycleIdBody,
    summary: 'Stops a cycle and sells what it holds at market',
    response: messageReply,
  }),
};
