/**
 * bench:compare - runs one benchmark on two commits, interleaved (base, head, base, head, ...),
 * so both see the same machine load, and prints one JSON document: for every numeric field of
 * the benchmark's output, the median of each side and head / base. A redesign that claims "no
 * change in speed" is checked with this against the commit before it.
 *
 * Each field also carries each side's range over its rounds (baseRange, headRange): on a shared
 * machine one side's own runs differ by tens of percent, and a head median inside the base's
 * range is within noise.
 *
 * Usage: npm run bench:compare -- <bench name> [--base <rev>] [--rounds <n>]
 *   e.g. npm run bench:compare -- api --base c369888 --rounds 3
 * The base is checked out into a temporary git worktree that borrows this checkout's
 * node_modules (a base that locks a package this checkout lacks is refused, not measured wrongly).
 * The benchmark's own knobs (BENCH_*) pass through to both sides. A benchmark whose npm script
 * builds first (`"bench:startup": "npm run build:node && node bench/startup.mjs"`) gets that
 * build run in each checkout before the rounds, so each side measures its own bundle.
 * Never fails on a timing.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const USAGE = 'usage: npm run bench:compare -- <bench name> [--base <rev>] [--rounds <n>]';
let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { base: { type: 'string', default: 'HEAD~1' }, rounds: { type: 'string', default: '2' }, help: { type: 'boolean' } },
  });
} catch (error) {
  console.error(`${error.message}\n${USAGE}`);
  process.exit(2);
}
if (parsed.values.help) {
  console.log(USAGE);
  process.exit(0);
}
const [name] = parsed.positionals;
const rounds = Number(parsed.values.rounds);
if (!name || !Number.isInteger(rounds) || rounds < 1) {
  console.error(USAGE);
  process.exit(2);
}

const head = resolve(import.meta.dirname, '..');
const git = (...args) => execFileSync('git', args, { cwd: head, encoding: 'utf8' }).trim();
const baseRev = git('rev-parse', parsed.values.base);
const headRev = git('rev-parse', 'HEAD');
/** The base must run on this checkout's node_modules: every package it locks, at the same version. */
const lockedOf = (text) => JSON.parse(text).packages ?? {};
const headLocked = lockedOf(readFileSync(join(head, 'package-lock.json'), 'utf8'));
const missing = Object.entries(lockedOf(git('show', `${baseRev}:package-lock.json`)))
  .filter(([path, entry]) => path !== '' && headLocked[path]?.version !== entry.version)
  .map(([path]) => path);
if (missing.length > 0) {
  console.error(
    `bench:compare: ${baseRev.slice(0, 7)} locks packages this checkout lacks (${missing.slice(0, 3).join(', ')}); compare in a checkout with its own install.`,
  );
  process.exit(1);
}

const baseDir = mkdtempSync(join(tmpdir(), 'griddesk-bench-base-'));
git('worktree', 'add', '--detach', baseDir, baseRev);
symlinkSync(join(head, 'node_modules'), join(baseDir, 'node_modules'));

/** The `npm run <script>` steps before the bench's own command in its npm script (its build). */
function buildSteps(dir) {
  const command = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts?.[`bench:${name}`] ?? '';
  return command
    .split('&&')
    .map((step) => step.trim())
    .filter((step) => /^npm run [\w:-]+$/.test(step))
    .map((step) => step.slice('npm run '.length));
}

/** Runs the bench's build steps in a checkout, their output to stderr (stdout is for the JSON). */
function build(dir) {
  for (const script of buildSteps(dir)) {
    console.error(`bench:compare: npm run ${script} in ${dir}`);
    execFileSync('npm', ['run', script], { cwd: dir, stdio: ['ignore', process.stderr, 'inherit'] });
  }
}

/** Runs `bench/<name>` in a checkout; its stdout is one JSON document. */
function runOnce(dir) {
  const script = ['ts', 'mjs'].map((ext) => `bench/${name}.${ext}`).find((file) => existsSync(join(dir, file)));
  if (!script) throw new Error(`no bench/${name}.ts or .mjs in ${dir}`);
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: process.env,
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`bench/${name} exited ${code} in ${dir}`));
      const start = out.indexOf('{');
      try {
        resolvePromise(JSON.parse(out.slice(start)));
      } catch {
        reject(new Error(`bench/${name} printed no JSON document in ${dir}`));
      }
    });
  });
}

/** Every numeric leaf of a document, by its dotted path. */
function numbersOf(document, prefix = '', into = new Map()) {
  if (typeof document === 'number' && Number.isFinite(document)) into.set(prefix, document);
  else if (document && typeof document === 'object') {
    for (const [key, value] of Object.entries(document)) numbersOf(value, prefix ? `${prefix}.${key}` : key, into);
  }
  return into;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** A side's range over its rounds: a head median inside the base's range is within noise. */
const range = (values) => [Math.min(...values), Math.max(...values)];

const runs = { base: [], head: [] };
try {
  build(baseDir);
  build(head);
  for (let round = 1; round <= rounds; round += 1) {
    for (const [side, dir] of [
      ['base', baseDir],
      ['head', head],
    ]) {
      console.error(`bench:compare: ${name} round ${round}/${rounds} on ${side}`);
      runs[side].push(numbersOf(await runOnce(dir)));
    }
  }
} finally {
  execFileSync('git', ['worktree', 'remove', '--force', baseDir], { cwd: head });
  rmSync(baseDir, { recursive: true, force: true });
}

const fields = {};
for (const key of runs.head[0].keys()) {
  const baseValues = runs.base.map((run) => run.get(key)).filter((value) => value !== undefined);
  if (baseValues.length === 0) continue;
  const headValues = runs.head.map((run) => run.get(key));
  const b = median(baseValues);
  const h = median(headValues);
  fields[key] = {
    base: b,
    head: h,
    ratio: b === 0 ? null : Number((h / b).toFixed(3)),
    baseRange: range(baseValues),
    headRange: range(headValues),
  };
}
console.log(
  JSON.stringify(
    {
      bench: name,
      base: baseRev,
      head: headRev,
      rounds,
      env: Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('BENCH_'))),
      fields,
    },
    null,
    2,
  ),
);
