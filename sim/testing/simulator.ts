/** Test helpers: a simulator on a free port and a ccxt binance pointed at it. */
import { simulatorCcxtClient } from '../../server/exchange/ccxt-urls';
import { type RunningSimulator, type SimulatorOptions, startSimulator } from '../index';

export function startTestSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  return startSimulator({ port: 0, randomWalk: false, seed: 7, ...options });
}

export function ccxtFor(sim: RunningSimulator, key: { apiKey: string; secretKey: string }) {
  return simulatorCcxtClient(sim.url, key);
}
