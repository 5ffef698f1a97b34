/**
 * `npm run sim`: the simulator on 127.0.0.1:SIM_PORT (default 8090). Env: SIM_PORT, SIM_SEED,
 * SIM_RANDOM_WALK, SIM_STATE_FILE (keep the accounts in this JSON file across restarts; unset: memory only).
 */
import { startSimulator } from './index';

function envInt(name: string, fallback: number, max: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > max) {
    console.error(`Invalid configuration: ${name} must be an integer from 0 to ${max} (got ${JSON.stringify(raw)})`);
    process.exit(1);
  }
  return Number(raw);
}

function envSwitch(name: string, fallback: boolean): boolean {
  const raw = process.env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (raw !== 'on' && raw !== 'off') {
    console.error(`Invalid configuration: ${name} must be one of on, off (got ${JSON.stringify(raw)})`);
    process.exit(1);
  }
  return raw === 'on';
}

const sim = await startSimulator({
  port: envInt('SIM_PORT', 8090, 65535),
  seed: envInt('SIM_SEED', 1, 4294967295),
  randomWalk: envSwitch('SIM_RANDOM_WALK', true),
  stateFile: process.env.SIM_STATE_FILE?.trim() || undefined,
});
console.log(`Binance-compatible simulator on ${sim.url} (WebSocket ${sim.wsUrl}/ws, control ${sim.url}/sim)`);
const stop = () => void sim.close().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
