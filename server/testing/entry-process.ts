/**
 * Runs one of the server's entry files (server/main.ts, a CLI) as its own Node process through
 * tsx, as `npm run server` / `npm run admin` would, or a built one (dist/server/main.js, a CLI in
 * dist/server/cli) with plain Node as a production host does, and collects what it printed and
 * its exit code. For tests of what an operator sees: the exact stderr of a refused start, never a
 * stack.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { resolve } from 'node:path';

/** Built output runs with plain Node from `cwd` (a production install has no tsx); default: the source through tsx. */
export interface EntryOptions {
  built?: boolean;
  cwd?: string;
}

export interface EntryRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A process still running (or not ready) after this long is killed: the test fails, no process outlives it. */
const GIVE_UP_MS = 60_000;

/**
 * `env` is the whole environment of the child (beside PATH and HOME), so nothing of the test
 * runner's own (DATABASE_URL, a developer's chain secrets) leaks into what is tested.
 */
export function runEntry(
  entry: string,
  args: string[],
  env: Record<string, string>,
  options: EntryOptions = {},
): Promise<EntryRun> {
  const child = spawnEntry(entry, args, env, options);
  const timer = setTimeout(() => child.kill('SIGKILL'), GIVE_UP_MS);
  return collect(child).finally(() => clearTimeout(timer));
}

function spawnEntry(
  entry: string,
  args: string[],
  env: Record<string, string>,
  options: EntryOptions,
): ChildProcessWithoutNullStreams {
  const file = resolve(options.cwd ?? '.', entry);
  return spawn(process.execPath, [...(options.built ? [] : ['--import', 'tsx']), file, ...args], {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** A long-running entry (the server) once it printed `ready`; stop() sends SIGTERM and waits for its exit. */
export interface RunningEntry {
  pid: number;
  /** What it printed on stdout until it was ready (the line naming its address, say). */
  printed: string;
  /** What it printed on stdout so far. */
  stdout(): string;
  stop(): Promise<EntryRun>;
}

export async function startEntry(
  entry: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  options: EntryOptions = {},
): Promise<RunningEntry> {
  const child = spawnEntry(entry, args, env, options);
  const finished = collect(child);
  let seen = '';
  // Not ready in time: killed, so a hung start fails the test instead of outliving it.
  const timer = setTimeout(() => child.kill('SIGKILL'), GIVE_UP_MS);
  await new Promise<void>((done, fail) => {
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (ready.test(seen)) {
        child.stdout.off('data', onData);
        done();
      }
    };
    child.stdout.on('data', onData);
    finished.then(
      (run) => fail(new Error(`${entry} exited (${run.code}) before it was ready: ${run.stderr}${run.stdout}`)),
      fail,
    );
  }).finally(() => clearTimeout(timer));
  let printed = seen;
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  return {
    pid: child.pid!,
    printed: seen,
    stdout: () => printed,
    stop: () => {
      child.kill('SIGTERM');
      return finished;
    },
  };
}

function collect(child: ChildProcessWithoutNullStreams): Promise<EntryRun> {
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}
