// Pure helpers of `npm test` (scripts/test.mjs, scripts/test-summary.mjs): the stage table and
// the test counts, kept apart from the processes they describe so they are tested alone.

/** The stage table: each stage's wall time, and its commands' when they ran side by side. */
export function formatStages(stages, totalSeconds) {
  const lines = ['Stages (wall time):'];
  for (const { stage, seconds, commands } of stages) {
    const failed = commands.some((command) => !command.ok) ? '  FAILED' : '';
    const parts = commands.length > 1 ? `  (${commands.map((c) => `${c.name} ${c.seconds.toFixed(0)} s`).join(', ')})` : '';
    lines.push(`  ${stage.padEnd(24)} ${seconds.toFixed(0).padStart(5)} s${parts}${failed}`);
  }
  lines.push(`  ${'total'.padEnd(24)} ${totalSeconds.toFixed(0).padStart(5)} s`);
  return lines.join('\n');
}

/**
 * A server test that runs on both databases is one test run twice: describe.each(targets) names
 * its block "... on 'pglite'" and "... on 'postgres'" (vitest quotes a string $name). Its distinct
 * name drops the database.
 */
export const distinctName = (file, fullName) =>
  `${file} > ${fullName.replace(/\bon '?(pglite|postgres)'?(?=\s|$)/g, 'on <database>')}`;

const relative = (path) => path.replace(/^.*?\/(?=(common|server|sim|electron|renderer|scripts|deploy|tests|bench)\/)/, '');
/** Strips the terminal colours vitest writes into its failure messages. */
const ESCAPE = String.fromCharCode(27);
const plain = (text) =>
  text
    .split(ESCAPE)
    .map((part, i) => (i === 0 ? part : part.replace(/^\[[0-9;]*m/, '')))
    .join('');

/**
 * The failed tests and their errors' first lines, for the end of the log: a CI log is read from
 * its tail, and the counts alone do not say which test failed or why.
 */
export function failedTests(reports, linesPerTest = 6) {
  const out = [];
  for (const report of reports) {
    for (const file of report.testResults ?? []) {
      const tests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      if (tests.length === 0 && file.status === 'failed' && file.message) {
        out.push(
          `FAIL ${relative(file.name)}`,
          ...plain(file.message)
            .split('\n')
            .slice(0, linesPerTest)
            .map((line) => `    ${line}`),
        );
      }
      for (const test of tests) {
        const message = plain((test.failureMessages ?? []).join('\n'))
          .split('\n')
          .filter((line) => line.trim() !== '');
        out.push(
          `FAIL ${relative(file.name)} > ${test.fullName}`,
          ...message.slice(0, linesPerTest).map((line) => `    ${line}`),
        );
      }
    }
  }
  return out;
}

/** Passed, failed, executions (tests run) and distinct tests over vitest JSON reports. */
export function countTests(reports) {
  let passed = 0;
  let failed = 0;
  let executions = 0;
  const distinct = new Set();
  for (const report of reports) {
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
    for (const file of report.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status !== 'passed' && test.status !== 'failed') continue;
        executions += 1;
        distinct.add(distinctName(relative(file.name), test.fullName));
      }
    }
  }
  return { passed, failed, executions, distinct: distinct.size };
}
