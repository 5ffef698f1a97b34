// npm run bench:startup — platform server start-up: spawn `node dist/server/main.js` until
// GET /healthz answers 200, on a fresh DATA_DIR (first boot: the bundled PGlite template,
// migrations, demo seed), on a fresh DATA_DIR with a copy of the bundle that has no template
// (first boot through PGlite's initdb, for the ratio) and again on an existing directory
// (warm), plus RSS after boot, and where each boot's time went: the phases the server logs once
// it is ready ("started in ...": imports, database, app, listen, engines; server/logging/
// boot-phases.ts), medians per kind of boot. Prints one JSON document.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, stopChild, waitHealthy } from './support/dist-server.mjs';

const RUNS_FIRST = Number(process.env.BENCH_RUNS_FIRST ?? 3);
const RUNS_WARM = Number(process.env.BENCH_RUNS_WARM ?? 5);
const TARGETS = { warmMs: 1500, firstMs: 4000, rssMb: 300 };

async function rssMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round((kb / 1024) * 10) / 10;
}

/** The phases of the server's "started in" line (bootMs), once it has logged it. */
function bootPhasesOf(child) {
  let buffered = '';
  let phases = null;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop();
    for (const line of lines) {
      if (!line.includes('"bootMs"')) continue;
      try {
        phases = JSON.parse(line).bootMs ?? phases;
      } catch {
        // not a log line
      }
    }
  });
  return () => phases;
}

async function bootOnce(dataDir, main = 'dist/server/main.js') {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const phases = bootPhasesOf(child);
  try {
    await waitHealthy(`http://127.0.0.1:${port}`, child, Date.now() + 60_000, 5);
    const ms = Math.round(performance.now() - started);
    return { ms, rssMb: await rssMb(child.pid), phases: phases() };
  } finally {
    await stopChild(child);
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Median of each logged phase over the runs that logged them (a server older than the line logs none). */
function phasesMedian(runs) {
  const logged = runs.map((r) => r.phases).filter(Boolean);
  if (logged.length === 0) return null;
  return Object.fromEntries(Object.keys(logged[0]).map((phase) => [phase, median(logged.map((p) => p[phase]))]));
}

const summary = (runs) => ({
  median: median(runs.map((r) => r.ms)),
  samples: runs.map((r) => r.ms),
  rssMbMedian: median(runs.map((r) => r.rssMb)),
  phasesMs: phasesMedian(runs),
});

// The template-less copy sits inside dist/ so its bare imports still resolve node_modules: the
// bundle's every file (its entry and chunks, the migrations) but the template.
const noTemplateDir = await mkdtemp('dist/bench-no-template-');
for (const name of await readdir('dist/server')) {
  if (!name.startsWith('pglite-template')) await cp(join('dist/server', name), join(noTemplateDir, name), { recursive: true });
}

const dirs = [];
const fresh = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'griddesk-bench-startup-'));
  dirs.push(dir);
  return dir;
};
const first = [];
const initdb = [];
const warm = [];
try {
  // Interleaved, so drift in machine load hits both variants alike.
  for (let i = 0; i < RUNS_FIRST; i += 1) {
    first.push(await bootOnce(await fresh()));
    initdb.push(await bootOnce(await fresh(), join(noTemplateDir, 'main.js')));
  }
  for (let i = 0; i < RUNS_WARM; i += 1) warm.push(await bootOnce(dirs[0]));
} finally {
  await Promise.all([...dirs, noTemplateDir].map((d) => rm(d, { recursive: true, force: true })));
}

const result = {
  benchmark: 'startup',
  node: process.version,
  runs: { first: RUNS_FIRST, warm: RUNS_WARM },
  firstBootMs: summary(first),
  firstBootWithoutTemplateMs: summary(initdb),
  warmBootMs: summary(warm),
  rssMbAfterBoot: { median: median(warm.map((r) => r.rssMb)), firstBootMedian: median(first.map((r) => r.rssMb)) },
  targets: TARGETS,
};
result.ratios = {
  warmToTarget: Math.round((result.warmBootMs.median / TARGETS.warmMs) * 100) / 100,
  firstToTarget: Math.round((result.firstBootMs.median / TARGETS.firstMs) * 100) / 100,
  firstWithTemplateToWithout: Math.round((result.firstBootMs.median / result.firstBootWithoutTemplateMs.median) * 100) / 100,
  rssToTarget:
    Math.round((Math.max(result.rssMbAfterBoot.median, result.rssMbAfterBoot.firstBootMedian) / TARGETS.rssMb) * 100) / 100,
};
result.withinTargets =
  result.warmBootMs.median < TARGETS.warmMs &&
  result.firstBootMs.median < TARGETS.firstMs &&
  result.rssMbAfterBoot.median < TARGETS.rssMb &&
  result.rssMbAfterBoot.firstBootMedian < TARGETS.rssMb;
console.log(JSON.stringify(result, null, 2));
