/**
 * Strategy channels (SPEC section 7, Strategies): create, lists, detail, edit, delete, grid count,
 * backtest. Each is an operation of common/ops/strategies.ts under its own name, and main checks
 * its payload with the operation's own input schema.
 */
import type { strategiesOps } from '../../ops/strategies';
import { strategiesOps as ops } from '../../ops/strategies';
import { opPayloadSchemas, type OpChannels, type PayloadSchemas } from './shared';

export type StrategiesChannels = OpChannels<typeof strategiesOps>;

export const strategiesPayloadSchemas: PayloadSchemas<StrategiesChannels> = opPayloadSchemas(ops);
