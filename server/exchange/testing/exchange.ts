/** Test helper: exchange services around a fresh simulator on a free port. */
import { CcxtGateway } from '../ccxt-gateway';
import { exchangeServices, type ExchangeInternals } from '../exchange-factory';
import type { SimulatorOptions } from '../../../sim/index';
import { startTestSimulator } from '../../../sim/testing/simulator';
import { WeightGovernor } from '../core/weight-governor';

export async function testExchange(
  options: SimulatorOptions = {},
): Promise<ExchangeInternals & { simulator: NonNullable<ExchangeInternals['simulator']> }> {
  const simulator = await startTestSimulator(options);
  const governor = new WeightGovernor();
  const gateway = new CcxtGateway({
    simUrl: simulator.url,
    governor,
    retry: { baseMs: 20, maxMs: 100 },
    member: { lookupDelayMs: 50 },
  });
  return exchangeServices(gateway, governor, { simulator, tickerPollMs: 100 }) as ExchangeInternals & {
    simulator: NonNullable<ExchangeInternals['simulator']>;
  };
}
