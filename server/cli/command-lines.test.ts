/**
 * Every CLI's command line (issue 22 item 2): `--help` prints the usage on stdout and exits 0
 * having done nothing else (no database, no chain, no simulator, nothing in DATA_DIR); an
 * unknown flag is one line on stderr naming it, with the usage hint, and exit 2. Each CLI runs
 * as its own process, as `npm run <name>` starts it (node --import tsx), so the exit codes are
 * the process's; the cases within a command are checked in-process.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from './admin';
import { main as runBacktest } from './backtest';
import { runFaucet } from './faucet';
import { memoryIo } from './io';
import { runSeedDemo } from './seed-demo';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** [npm script, entry file, the usage's first words] */
const CLIS = [
  ['admin', 'server/cli/admin.ts', 'Usage: npm run admin -- <command>'],
  ['chain', 'server/cli/chain.ts', 'Usage: npm run chain [-- --port 8545] [--data DIR]'],
  ['faucet', 'server/cli/faucet.ts', 'Usage: npm run faucet -- <member email or 0x address> <USDT|IFT|IFX> <amount>'],
  ['sim', 'sim/main.ts', 'Usage: npm run sim'],
  ['backtest', 'server/cli/backtest.ts', 'usage: npm run backtest -- --strategy FILE.json'],
  ['seed:demo', 'server/cli/seed-demo.ts', 'Usage: npm run seed:demo'],
  ['backup', 'server/cli/backup.ts', 'Usage: npm run backup -- --out FILE'],
  ['migrate', 'server/cli/migrate.ts', 'Usage: npm run migrate'],
] as const;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(entry: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', entry, ...args],
      { cwd: ROOT, env, timeout: 60_000 },
      (error, stdout, stderr) => {
        done({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
      },
    );
  });
}

describe('each CLI as a process', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'griddesk-cli-lines-'));
    // A DATA_DIR that does not exist: a CLI that did anything but answer would create it.
    env = { ...process.env, DATA_DIR: join(dir, 'data'), SIM_PORT: '0', SIM_STATE_FILE: join(dir, 'data', 'sim.json') };
    delete env.DATABASE_URL;
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each(CLIS)(
    'npm run %s: --help prints the usage and exits 0; --bogus is refused with exit 2',
    async (script, entry, usage) => {
      const [help, bogus] = await Promise.all([run(entry, ['--help'], env), run(entry, ['--bogus'], env)]);
      expect(help).toMatchObject({ code: 0, stderr: '' });
      expect(help.stdout.startsWith(usage)).toBe(true);
      expect(bogus).toEqual({
        code: 2,
        stdout: '',
        stderr: `Unknown option --bogus (npm run ${script} -- --help shows the usage)\n`,
      });
      expect(existsSync(env.DATA_DIR!)).toBe(false);
    },
    120_000,
  ); // two processes that each load the CLI's whole module graph through tsx
});

describe('command lines read in-process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = join(await mkdtemp(join(tmpdir(), 'griddesk-cli-lines-')), 'never-created');
  });
  afterAll(() => rm(resolve(dataDir, '..'), { recursive: true, force: true }));

  it("admin answers -h and a command's --help with the usage, before opening any database", async () => {
    for (const argv of [
      ['-h'],
      ['help'],
      ['ledger', '--email', 'a@b.c', '--help'],
      ['grant-subscription', '-h'],
      ['list-plans', '--help'],
      ['add-plan', '--price', '30', '-h'],
      ['retire-plan', '--help'],
    ]) {
      const io = memoryIo();
      expect(await runAdmin(argv, { DATA_DIR: dataDir }, io)).toBe(0);
      expect(io.stdout.join('\n')).toContain('grant-subscription --email E --days N');
      expect(io.stderr).toEqual([]);
    }
    expect(existsSync(dataDir)).toBe(false);
  });

  it('admin refuses a flag its command does not take with exit 2, before opening any database', async () => {
    const cases: [string[], string][] = [
      [['ledger', '--email', 'a@b.c', '--limt', '5'], 'Unknown option --limt'],
      // --days belongs to grant-subscription and add-plan, not to ledger.
      [['ledger', '--email', 'a@b.c', '--days', '5'], 'Unknown option --days'],
      [['list-users', '--all'], 'Unknown option --all'],
      [['list-plans', '--all'], 'Unknown option --all'],
      [['add-plan', '--price', '30', '--days', '30', '--name', 'Monthly'], 'Unknown option --name'],
      [['retire-plan', '--force'], 'Unknown option --force'],
      [['--verbose', 'list-users'], 'Unknown option --verbose'],
      [['adjust', '--email', 'a@b.c', '--email', 'b@b.c'], '--email is given twice'],
    ];
    for (const [argv, what] of cases) {
      const io = memoryIo();
      expect({ argv, code: await runAdmin(argv, { DATA_DIR: dataDir }, io) }).toEqual({ argv, code: 2 });
      expect(io).toMatchObject({ stdout: [], stderr: [`${what} (npm run admin -- --help shows the usage)`] });
    }
    expect(existsSync(dataDir)).toBe(false);
  });

  it('faucet and seed:demo answer -h, and refuse an unknown flag or a word too many with exit 2', async () => {
    const help = memoryIo();
    expect(await runFaucet(['-h'], {}, help)).toBe(0);
    expect(help.stdout[0]).toMatch(/^Usage: npm run faucet/);
    const extra = memoryIo();
    expect(await runFaucet(['0x00000000000000000000000000000000000000aa', 'USDT', '1', '2'], {}, extra)).toBe(2);
    expect(extra.stderr).toEqual(['Unexpected argument 2 (npm run faucet -- --help shows the usage)']);

    const seedHelp = memoryIo();
    expect(await runSeedDemo({ DATA_DIR: dataDir }, seedHelp, ['-h'])).toBe(0);
    expect(seedHelp.stdout[0]).toMatch(/^Usage: npm run seed:demo/);
    const seedBogus = memoryIo();
    expect(await runSeedDemo({ DATA_DIR: dataDir }, seedBogus, ['--force'])).toBe(2);
    expect(seedBogus.stderr).toEqual(['Unknown option --force (npm run seed:demo -- --help shows the usage)']);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('backtest answers -h on stdout and refuses an unknown flag on one line, still exiting 2 on a missing one', async () => {
    let out = '';
    let err = '';
    const io = { out: (text: string) => (out += text), err: (text: string) => (err += text) };
    expect(await runBacktest(['--strategy', 'x.json', '-h'], io)).toBe(0);
    expect(out).toMatch(/^usage: npm run backtest[\s\S]*--mode cycle[\s\S]*\n$/);
    expect(err).toBe('');
    out = '';
    expect(await runBacktest(['--json', '--nope'], io)).toBe(2);
    expect({ out, err }).toEqual({ out: '', err: 'Unknown option --nope (npm run backtest -- --help shows the usage)\n' });
    err = '';
    expect(await runBacktest(['--strategy', 'x.json', '--prices', 'p.csv', '--amount'], io)).toBe(2);
    expect(err).toContain('backtest: --amount needs a value');
  });
});
