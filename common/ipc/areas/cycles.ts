/**
 * Cycle channels (SPEC section 7: Cycles): the operations of common/ops/cycles.ts under their own
 * names, forwarded as they are. The start's and the edit's payloads are checked here for shape
 * and size only: main forwards the form's numbers as sent and the server answers SPEC's rules
 * with their reasons (as the bots area does for its edits).
 */
import * as yup from 'yup';
import { cyclesOps } from '../../ops/cycles';
import { boundedString as str, forwardedOps, opPayloadSchemas, type OpChannels, type PayloadSchemas } from './shared';

export const forwardedCyclesOps = forwardedOps(cyclesOps, []);

export type CyclesChannels = OpChannels<typeof forwardedCyclesOps>;

/** A number field as a form sends it: a short string, a finite number, or null. */
const numberish = yup
  .mixed<string | number>()
  .nullable()
  .test('number', 'must be a short string or a number', (v) =>
    v === null || v === undefined || (typeof v === 'string' && v.length <= 40) || (typeof v === 'number' && Number.isFinite(v)),
  );

const cycleId = str(64).min(1);

export const cyclesPayloadSchemas: PayloadSchemas<CyclesChannels> = {
  ...opPayloadSchemas(forwardedCyclesOps),
  'cycles:start': yup
    .object({
      category: str(20),
      pair: str(30),
      amount: numberish.defined(),
      priceReachAt: numberish.defined(),
      sellPriceAt: numberish.defined(),
      stopLossAt: numberish.defined(),
      cycleCount: numberish.defined(),
      leverage: numberish.defined(),
    })
    .noUnknown(true),
  'cycles:edit': yup
    .object({
      cycle_id: cycleId,
      buy_price: numberish.defined(),
      sell_price: numberish.defined(),
      stop_loss: numberish.defined(),
      no_of_cycle: numberish.defined(),
    })
    .noUnknown(true),
};
