/** Bench helpers in child processes: the simulator (sim-process.ts) and others that print their url. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface SpawnedProcess {
  child: ChildProcess;
  /** The first line of its stdout that starts with http. */
  url: string;
  stop(): Promise<void>;
}

/** Runs a bench helper script (tsx) in a child process and waits for the url it prints. */
export async function spawnScript(relative: string, env: NodeJS.ProcessEnv = process.env, ipc = false): Promise<SpawnedProcess> {
  const script = fileURLToPath(new URL(relative, import.meta.url));
  // BENCH_CPU_PROF_DIR: each helper writes a V8 CPU profile there when it exits (where its time goes).
  const profile = env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${env.BENCH_CPU_PROF_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', script], {
    stdio: ['ignore', 'pipe', 'inherit', ...(ipc ? ['ipc' as const] : [])],
    env,
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.startsWith('http'));
      if (line) resolve(line.trim());
    });
    child.once('exit', (code) => reject(new Error(`${relative} exited with ${code}`)));
  });
  return {
    child,
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function spawnSimulator(): Promise<{ url: string; stop: () => Promise<void> }> {
  return spawnScript('./sim-process.ts');
}

/** A simulator account with plenty of USDT, through the control API. */
export async function createAccount(url: string): Promise<{ apiKey: string; secretKey: string }> {
  const res = await fetch(`${url}/sim/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ balances: { USDT: '100000000' } }),
  });
  return (await res.json()) as { apiKey: string; secretKey: string };
}
