/** Exchange services around an in-process simulator on a free port, for benches that move its prices. */
import { CcxtGateway } from '../../server/exchange/ccxt-gateway';
import { exchangeServices, type ExchangeInternals } from '../../server/exchange/exchange-factory';
import { WeightGovernor } from '../../server/exchange/core/weight-governor';
import { type SimulatorOptions, startSimulator } from '../../sim/index';

export type BenchExchange = ExchangeInternals & { simulator: NonNullable<ExchangeInternals['simulator']> };

/** No random walk: only the bench moves prices. Fast retries and polls keep a short run short. */
export async function benchExchange(options: SimulatorOptions = {}): Promise<BenchExchange> {
  const simulator = await startSimulator({ port: 0, randomWalk: false, seed: 7, ...options });
  const governor = new WeightGovernor();
  const gateway = new CcxtGateway({
    simUrl: simulator.url,
    governor,
    retry: { baseMs: 20, maxMs: 100 },
    member: { lookupDelayMs: 50 },
  });
  return exchangeServices(gateway, governor, { simulator, tickerPollMs: 100 }) as BenchExchange;
}
