/**
 * The simulator in its own process for benches (as `npm run sim` runs it), with the weight
 * limits lifted so a bench measures code, not Binance's budget. Prints its url on stdout.
 */
import { startSimulator } from '../../sim/index';

const sim = await startSimulator({ port: 0, randomWalk: false, weightLimits: { spot: 1e9, futures: 1e9, sapi: 1e9 } });
console.log(sim.url);
process.on('SIGTERM', () => void sim.close().then(() => process.exit(0)));
