/**
 * Cycle channels (SPEC section 7: Cycles): the operations of common/ops/cycles.ts under their own
 * names, forwarded as they are; main checks each payload for the shape its input schema names
 * and the server answers SPEC's rules with their reasons (shared.ts, payloadShapeOf).
 */
import { cyclesOps } from '../../ops/cycles';
import { forwardedOps, opPayloadSchemas, type OpChannels, type PayloadSchemas } from './shared';

export const forwardedCyclesOps = forwardedOps(cyclesOps, []);

export type CyclesChannels = OpChannels<typeof forwardedCyclesOps>;

export const cyclesPayloadSchemas: PayloadSchemas<CyclesChannels> = opPayloadSchemas(forwardedCyclesOps);
