/**
 * package.json's `cli` script, the launcher behind `npm run admin|migrate|backup|faucet|chain`:
 * in a development checkout (the TypeScript source there) it runs the source through tsx, even
 * beside a stale dist/; on a production install (package.json, package-lock.json and dist/server
 * only) it runs the built CLI with plain Node. Either way the arguments arrive as typed and the
 * CLI's exit code is npm's. The production install itself is tests/e2e/production-install.e2e.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** What each stand-in CLI prints: which entry ran, and the arguments it got. */
const PROBE = (kind: string) =>
  `console.log(JSON.stringify({ ran: '${kind}', args: process.argv.slice(2) })); process.exit(4);\n`;

/** The CLIs scripts/build-node.mjs builds into dist/server/cli, read from its text. */
function builtClis(): string[] {
  const build = readFileSync(join(root, 'scripts', 'build-node.mjs'), 'utf8');
  const list = /\[([^\]]*)\]\.map\(\(cli\) => `server\/cli\/\$\{cli\}\.ts`\)/.exec(build)?.[1] ?? '';
  return [...list.matchAll(/'([\w-]+)'/g)].map((m) => m[1]!);
}

describe('the CLI launcher (npm run cli -- <name>)', () => {
  let dir: string | null = null;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  /** A folder under the repository (so tsx resolves from it) with the launcher and what `files` names. */
  function install(files: Record<string, string>): string {
    mkdirSync(join(root, '.tmp'), { recursive: true });
    dir = mkdtempSync(join(root, '.tmp', 'cli-launcher-'));
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({
        name: 'launcher-probe',
        version: '0.0.0',
        type: 'module',
        scripts: { cli: scripts.cli, probe: 'npm run --silent cli -- probe' },
      }),
    );
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    return dir;
  }

  function npmRunProbe(cwd: string) {
    const run = spawnSync('npm', ['run', '--silent', 'probe', '--', 'list-users', '--amount', '-25', 'two words'], {
      cwd,
      encoding: 'utf8',
    });
    return { code: run.status, printed: run.stdout.trim() ? (JSON.parse(run.stdout) as unknown) : null, stderr: run.stderr };
  }

  it('runs the TypeScript source through tsx in a development checkout, never a stale build beside it', () => {
    const cwd = install({ 'server/cli/probe.ts': PROBE('source'), 'dist/server/cli/probe.js': PROBE('stale build') });
    expect(npmRunProbe(cwd)).toEqual({
      code: 4,
      printed: { ran: 'source', args: ['list-users', '--amount', '-25', 'two words'] },
      stderr: '',
    });
  });

  it('runs the built CLI with plain Node on a production install (no source, no tsx needed)', () => {
    const cwd = install({ 'dist/server/cli/probe.js': PROBE('build') });
    expect(npmRunProbe(cwd)).toEqual({
      code: 4,
      printed: { ran: 'build', args: ['list-users', '--amount', '-25', 'two words'] },
      stderr: '',
    });
  });

  it('is what every CLI built into dist/server/cli runs by', () => {
    const clis = builtClis();
    expect(clis).toEqual(expect.arrayContaining(['admin', 'migrate', 'backup', 'faucet']));
    for (const name of clis) expect({ name, script: scripts[name] }).toEqual({ name, script: `npm run --silent cli -- ${name}` });
  });
});
