// Adds up the JSON reports the vitest runs of `npm test` wrote and prints one closing line,
// 'Tests: N passed, N failed', so a CI log says at a glance how many tests ran.
import { readdir, readFile } from 'node:fs/promises';

const dir = '.tmp/test-results';
let passed = 0;
let failed = 0;
let files = 0;
for (const name of (await readdir(dir).catch(() => [])).filter((n) => n.endsWith('.json'))) {
  const report = JSON.parse(await readFile(`${dir}/${name}`, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  files += 1;
}
if (files === 0) {
  console.error('test-summary: no test reports found');
  process.exit(1);
}
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
