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
export const distinctName = (file, fullName) => `${file} > ${fullName.replace(/\bon '?(pglite|postgres)'?(?=\s|$)/g, 'on <database>')}`;

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
        distinct.add(distinctName(file.name.replace(/^.*?\/(?=(common|server|sim|electron|renderer|scripts|deploy|tests|bench)\/)/, ''), test.fullName));
      }
    }
  }
  return { passed, failed, executions, distinct: distinct.size };
}
