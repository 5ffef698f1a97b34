/**
 * The production install path (issue 24): the build's dist/server with package.json and
 * package-lock.json, copied alone into a scratch folder and installed with
 * `npm ci --omit=dev` (support/production-install.ts). No devDependency is reachable from it;
 * the server boots from dist/server/main.js on a new embedded database (the bundled PGlite
 * template, the migrations beside it) and answers /healthz; once it stopped, the CLIs in
 * dist/server/cli open the database it wrote with plain Node, and the local development chain
 * says what it needs instead of failing on a missing module. The npm scripts the product's
 * messages name (`npm run migrate`, `admin`, `backup`, `faucet`) run there too, as typed.
 */
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { delimiter, dirname, join, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_BOT_AMOUNT_SETTING_DEFAULT } from '../../common/constants';
import { runEntry, startEntry, type EntryOptions, type RunningEntry } from '../../server/testing/entry-process';
import { makeProductionInstall, type ProductionInstall } from './support/production-install';

interface Lockfile {
  packages: Record<string, { dev?: boolean }>;
}

interface Manifest {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

/** Tools a development install has and a production one must not lean on. */
const DEVELOPMENT_TOOLS = ['tsx', 'vitest', 'esbuild', 'drizzle-kit', 'electron', 'typescript', 'ganache'];

/**
 * `npm run <script> -- <args>` as an operator types it in the install folder: only PATH and HOME
 * of the runner's environment, so npm's own settings of the repository's run do not leak in, and
 * PATH without the node_modules/.bin folders `npx vitest` put there (the repository's tsx among them).
 */
function npmRun(
  cwd: string,
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const path = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => !dir.includes(`node_modules${sep}.bin`))
    .join(delimiter);
  return new Promise((done, fail) => {
    const child = spawn('npm', ['run', script, '--', ...args], {
      cwd,
      env: { PATH: path, HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

/** Every node_modules folder Node searches from `dir` upwards. */
function nodeModulesFrom(dir: string): string[] {
  const found: string[] = [];
  for (let at = dir; ; at = dirname(at)) {
    found.push(join(at, 'node_modules'));
    if (at === dirname(at)) return found;
  }
}

describe('a production install (npm ci --omit=dev beside dist/server)', () => {
  let install: ProductionInstall;
  let built: EntryOptions;
  let dataDir: string;
  let server: RunningEntry | null = null;
  /** What the server printed from its start to its exit. */
  let bootOutput = '';

  beforeAll(async () => {
    install = await makeProductionInstall();
    built = { built: true, cwd: install.dir };
    dataDir = join(install.dir, 'data');
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    await install?.close();
  });

  it('holds the dependencies and no development-only package', async () => {
    const manifest = JSON.parse(await readFile(join(install.dir, 'package.json'), 'utf8')) as Manifest;
    const lock = JSON.parse(await readFile(join(install.dir, 'package-lock.json'), 'utf8')) as Lockfile;
    const missing = Object.keys(manifest.dependencies).filter((name) => !existsSync(join(install.dir, 'node_modules', name)));
    expect(missing).toEqual([]);

    // What npm marks dev (needed by devDependencies alone), anywhere in the tree.
    const devOnly = Object.entries(lock.packages).filter(([path, entry]) => path !== '' && entry.dev);
    expect(devOnly.length).toBeGreaterThan(0);
    expect(devOnly.map(([path]) => path).filter((path) => existsSync(join(install.dir, path)))).toEqual([]);

    // Nor reachable from the bundles through a node_modules folder above the install.
    const devNames = Object.keys(manifest.devDependencies).filter((name) => lock.packages[`node_modules/${name}`]?.dev);
    expect(devNames).toEqual(expect.arrayContaining(DEVELOPMENT_TOOLS));
    const reachable = nodeModulesFrom(join(install.dir, 'dist/server/cli')).flatMap((folder) =>
      devNames.filter((name) => existsSync(join(folder, name))).map((name) => join(folder, name)),
    );
    expect(reachable).toEqual([]);
  });

  it('boots the server from dist/server/main.js and the CLIs read the database it made', async () => {
    const env = { DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', SIM_PORT: '0', DEMO_TRADING: 'false', LOG_LEVEL: 'info' };
    server = await startEntry('dist/server/main.js', [], env, /platform server listening on http:\/\/\S+ /, built);
    expect(server.printed).toContain('new PGlite database from the bundled template');
    const url = /platform server listening on (http:\/\/\S+) /.exec(server.printed)![1]!;
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    const stopped = await server.stop();
    server = null;
    expect(stopped.code).toBe(0);
    bootOutput = stopped.stdout + stopped.stderr;

    // The CLIs act on the server's database (stopped: an embedded one has one process at a
    // time), with the secrets it wrote into DATA_DIR.
    const cliEnv = { DATA_DIR: dataDir };
    const users = await runEntry('dist/server/cli/admin.js', ['list-users'], cliEnv, built);
    expect(users).toMatchObject({ code: 0, stderr: '' });
    expect(users.stdout).toContain('demo@griddesk.local');
    const setting = await runEntry('dist/server/cli/admin.js', ['get-setting', 'minimumBotAmount'], cliEnv, built);
    expect(setting).toMatchObject({ code: 0, stderr: '' });
    expect(setting.stdout).toBe(`${MIN_BOT_AMOUNT_SETTING_DEFAULT}\n`);

    // The faucet finds the member in the database, who has no deposit address (no DEPOSIT_XPUB).
    const faucet = await runEntry('dist/server/cli/faucet.js', ['demo@griddesk.local', 'USDT', '1'], cliEnv, built);
    expect(faucet.code).toBe(1);
    expect(faucet.stderr).toContain('demo@griddesk.local has no deposit address yet');

    if (existsSync(join(install.dir, 'dist/server/cli/migrate.js'))) {
      const status = await runEntry('dist/server/cli/migrate.js', ['--status'], cliEnv, built);
      expect(status).toMatchObject({ code: 0 });
      expect(status.stdout).not.toBe('');
    }
  });

  it('runs the npm scripts the messages name: migrate --status, admin, backup and faucet', async () => {
    const cliEnv = { DATA_DIR: dataDir };
    const status = await npmRun(install.dir, 'migrate', ['--status'], cliEnv);
    expect({ code: status.code, stderr: status.stderr }).toEqual({ code: 0, stderr: '' });
    expect(status.stdout).toMatch(/^schema version: \d+/m);
    expect(status.stdout).toMatch(/\d+ applied, none pending/);

    for (const script of ['admin', 'backup', 'faucet', 'migrate']) {
      const help = await npmRun(install.dir, script, ['--help'], {});
      expect({ script, code: help.code, usage: /^Usage: npm run /m.test(help.stdout) }).toEqual({ script, code: 0, usage: true });
    }

    const users = await npmRun(install.dir, 'admin', ['list-users'], cliEnv);
    expect(users.code).toBe(0);
    expect(users.stdout).toContain('demo@griddesk.local');

    const out = join(install.dir, 'griddesk-backup.tar.gz');
    const backup = await npmRun(install.dir, 'backup', ['--out', out], cliEnv);
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`to ${out}`);
    expect(statSync(out).mode & 0o777).toBe(0o600);

    // Every npm script the server named while it ran (the demo member's line, say) runs here too.
    expect(bootOutput).toContain('seeded the demo member');
    const named = new Set([...bootOutput.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!));
    for (const script of named) {
      const help = await npmRun(install.dir, script, ['--help'], {});
      expect({ script, code: help.code, stderr: help.stderr }).toEqual({ script, code: 0, stderr: '' });
    }
  });

  it('answers --help from every CLI built into dist/server/cli', async () => {
    const clis = (await readdir(join(install.dir, 'dist/server/cli'))).filter((name) => name.endsWith('.js'));
    expect(clis).toEqual(expect.arrayContaining(['admin.js', 'faucet.js', 'chain.js']));
    for (const cli of clis) {
      const help = await runEntry(`dist/server/cli/${cli}`, ['--help'], {}, built);
      expect({ cli, code: help.code, usage: help.stdout.startsWith('Usage: ') }).toEqual({ cli, code: 0, usage: true });
    }
  });

  it('refuses the local development chain with what to install instead', async () => {
    const chain = await runEntry('dist/server/cli/chain.js', ['--port', '0', '--data', join(install.dir, 'chain')], {}, built);
    expect(chain.code).toBe(1);
    expect(chain.stderr).toContain('the local chain needs the development dependencies');
    expect(chain.stderr).toContain('npm ci --omit=dev');
  });
});
