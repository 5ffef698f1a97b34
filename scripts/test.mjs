// `npm test`: every check, in stages, each timed. Typecheck, lint and the build do not depend on
// each other and each is mostly one thread, so on a two-core machine they run side by side (the
// build is the one the e2e run uses); then the unit, keyring and e2e runs, side by side too. A failed stage stops the run, as `a && b` did, and every run ends with the
// stage table and the test counts (scripts/test-summary.mjs), also written to
// .tmp/test-results/stages.json for comparing runs.
import { spawn } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { formatStages } from './test-stages.mjs';

const RESULTS = '.tmp/test-results';
const vitestJson = (name) => `--reporter=default --reporter=json --outputFile.json=${RESULTS}/${name}.json`;

/** Each stage is one or more commands run at the same time; `buffer` holds a command's output until it ends, so parallel logs do not interleave. */
const STAGES = [
  {
    name: 'typecheck, lint, build',
    commands: [
      { name: 'typecheck', run: 'npm run --silent typecheck' },
      { name: 'lint', run: 'npm run --silent lint' },
      { name: 'build', run: 'npm run --silent build' },
    ],
  },
  // The e2e run beside the unit run: e2e waits much of its time (blocks, engine ticks, the
  // browser), and with the two one after another a clean-clone CI run kept the two cores only 67%
  // busy (user+sys 25.6 of 38.4 core-minutes). Side by side here: npm test 1,090 -> 944 s, the
  // unit run 757 -> 891 s and e2e 264 -> 404 s, every test passing within its time limit.
  {
    name: 'unit, keyring and e2e',
    commands: [
      { name: 'unit', run: `npx vitest run ${vitestJson('unit')}` },
      { name: 'keyring', run: 'node scripts/test-keyring.mjs' },
      { name: 'e2e', run: `npx vitest run --config tests/e2e/vitest.config.ts ${vitestJson('e2e')}` },
    ],
  },
];

function runCommand({ name, run }, buffer) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(run, { shell: true, stdio: buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks = [];
    if (buffer) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      if (buffer) {
        process.stdout.write(
          `\n--- ${name} (${seconds.toFixed(1)} s, ${code === 0 ? 'passed' : `failed: ${signal ?? `exit ${code}`}`}) ---\n`,
        );
        process.stdout.write(Buffer.concat(chunks));
      }
      resolve({ name, seconds, ok: code === 0 });
    });
  });
}

await rm(RESULTS, { recursive: true, force: true });
await mkdir(RESULTS, { recursive: true });
const started = Date.now();
const done = [];
let failed = false;
for (const stage of STAGES) {
  const stageStart = Date.now();
  const results = await Promise.all(stage.commands.map((command) => runCommand(command, stage.commands.length > 1)));
  done.push({ stage: stage.name, seconds: (Date.now() - stageStart) / 1000, commands: results });
  if (results.some((result) => !result.ok)) {
    failed = true;
    break;
  }
}
const total = (Date.now() - started) / 1000;
await writeFile(`${RESULTS}/stages.json`, JSON.stringify({ total, stages: done }, null, 2));
console.log(`\n${formatStages(done, total)}`);
const summary = await runCommand({ name: 'summary', run: 'node scripts/test-summary.mjs' }, false);
process.exit(failed || !summary.ok ? 1 : 0);
