/**
 * Runs one of the server's entry files (server/main.ts, a CLI) as its own Node process through
 * tsx, as `npm run server` / `npm run admin` would, and collects what it printed and its exit
 * code. For tests of what an operator sees: the exact stderr of a refused start, never a stack.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export interface EntryRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A process still running after this long did not refuse: it is killed and the run says so. */
const GIVE_UP_MS = 60_000;

/**
 * `env` is the whole environment of the child (beside PATH and HOME), so nothing of the test
 * runner's own (DATABASE_URL, a developer's chain secrets) leaks into what is tested.
 */
export function runEntry(entry: string, args: string[], env: Record<string, string>): Promise<EntryRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(entry), ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done, fail) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), GIVE_UP_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}
