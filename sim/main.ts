/**
 * `npm run sim`: the simulator on 127.0.0.1:SIM_PORT (default 8090). Env: SIM_PORT, SIM_SEED,
 * SIM_RANDOM_WALK, SIM_STATE_FILE (keep the accounts in this JSON file across restarts; unset: memory only).
 */
import { answerCommandLine, readCommandLine, type CommandLineSpec } from '../common/command-line';
import { startSimulator } from './index';

const USAGE = `Usage: npm run sim
       npm run sim -- --help   this text

Serves the Binance-compatible exchange simulator (REST, WebSocket streams, the control API under
/sim) on 127.0.0.1 until Ctrl+C. It takes no arguments; the environment sets it up:
  SIM_PORT          its port (default 8090; 0 picks a free one)
  SIM_SEED          seed of the price random walk and the synthetic history (default 1)
  SIM_RANDOM_WALK   on (default) or off: off freezes prices between control-API changes
  SIM_STATE_FILE    keep the accounts in this JSON file across restarts (default: memory only)`;

const SIM_COMMAND: CommandLineSpec = { command: 'npm run sim', usage: USAGE, flags: {}, maxPositionals: 0 };

const consoleOutput = { out: (text: string) => console.log(text), err: (text: string) => console.error(text) };

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

async function serve(): Promise<void> {
  const sim = await startSimulator({
    port: envInt('SIM_PORT', 8090, 65535),
    seed: envInt('SIM_SEED', 1, 4294967295),
    randomWalk: envSwitch('SIM_RANDOM_WALK', true),
    stateFile: process.env.SIM_STATE_FILE?.trim() || undefined,
  });
  console.log(`Binance-compatible simulator on ${sim.url} (WebSocket ${sim.wsUrl}/ws, control ${sim.url}/sim)`);
  const stop = () =>
    void sim.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

const line = readCommandLine(process.argv.slice(2), SIM_COMMAND);
// --help or a stray argument: answered, and no simulator is started.
if (line.kind !== 'run') process.exitCode = answerCommandLine(line, consoleOutput);
else await serve();
