// Adds up the JSON reports the vitest runs of `npm test` wrote and prints one closing line,
// 'Tests: N passed, N failed (E executions of D distinct tests)', so a CI log says at a glance how
// many tests ran; a test run on both databases is one distinct test executed twice.
import { readdir, readFile } from 'node:fs/promises';
import { countTests, failedTests } from './test-stages.mjs';

const dir = '.tmp/test-results';
const names = (await readdir(dir).catch(() => [])).filter((n) => n.endsWith('.json') && n !== 'stages.json');
if (names.length === 0) {
  console.error('test-summary: no test reports found');
  process.exit(1);
}
// What the pages showed when e2e tests failed (tests/e2e/support/failure-report.ts), printed
// again here, at the log's end, beside the counts.
const pages = await readFile(`${dir}/e2e-failures.txt`, 'utf8').catch(() => '');
if (pages) console.log(`\nPages of the failed e2e tests:\n${pages.length > 12_000 ? `${pages.slice(0, 12_000)}…` : pages}`);
const reports = await Promise.all(names.map(async (name) => JSON.parse(await readFile(`${dir}/${name}`, 'utf8'))));
const failures = failedTests(reports);
if (failures.length > 0) console.log(`\nFailed tests:\n${failures.join('\n')}`);
const { passed, failed, executions, distinct } = countTests(reports);
console.log(`Tests: ${passed} passed, ${failed} failed (${executions} executions of ${distinct} distinct tests)`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
