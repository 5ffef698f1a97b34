/** Starts bench/support/sim-process.ts as a child and resolves with its url and a stop function. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export async function spawnSimulator(): Promise<{ url: string; stop: () => Promise<void> }> {
  const script = fileURLToPath(new URL('./sim-process.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.startsWith('http'));
      if (line) resolve(line.trim());
    });
    child.once('exit', (code) => reject(new Error(`simulator process exited with ${code}`)));
  });
  return {
    url,
    stop: () => new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}

/** A simulator account with plenty of USDT, through the control API. */
export async function createAccount(url: string): Promise<{ apiKey: string; secretKey: string }> {
  const res = await fetch(`${url}/sim/accounts`, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ balances: { USDT: '100000000' } }) });
  return (await res.json()) as { apiKey: string; secretKey: string };
}
