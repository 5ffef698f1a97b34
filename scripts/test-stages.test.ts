import { describe, expect, it } from 'vitest';
import { countTests, distinctName, failedTests, formatStages } from './test-stages.mjs';

const report = (file: string, tests: Array<[string, string]>) => ({
  numPassedTests: tests.filter(([, status]) => status === 'passed').length,
  numFailedTests: tests.filter(([, status]) => status === 'failed').length,
  testResults: [{ name: `/ci/checkout/${file}`, assertionResults: tests.map(([fullName, status]) => ({ fullName, status })) }],
});

describe('the test counts', () => {
  it('counts a test run on both databases as one distinct test executed twice', () => {
    const counts = countTests([
      report('server/http/bots.test.ts', [
        ["bots on 'pglite' starts", 'passed'],
        ["bots on 'postgres' starts", 'passed'],
        ["bots on 'postgres' lists", 'failed'],
      ]),
      report('renderer/App.test.tsx', [
        ['App renders', 'passed'],
        ['App waits', 'skipped'],
      ]),
    ]);
    expect(counts).toEqual({ passed: 3, failed: 1, executions: 4, distinct: 3 });
  });

  it('keeps tests of the same name in different files apart, and paths relative to the checkout', () => {
    expect(distinctName('server/a.test.ts', "x on 'postgres' y")).toBe('server/a.test.ts > x on <database> y');
    expect(distinctName('server/a.test.ts', 'x on pglite')).toBe('server/a.test.ts > x on <database>');
    expect(distinctName('server/a.test.ts', 'runs on pgliteish data')).toBe('server/a.test.ts > runs on pgliteish data');
    const counts = countTests([report('server/a.test.ts', [['t', 'passed']]), report('server/b.test.ts', [['t', 'passed']])]);
    expect(counts.distinct).toBe(2);
  });
});

describe('the failed tests at the end of the log', () => {
  it("names each failed test by its path in the checkout and gives its error's first lines without colours", () => {
    const failed = {
      testResults: [
        {
          name: '/ci/checkout/tests/e2e/bots.e2e.ts',
          status: 'failed',
          assertionResults: [
            { fullName: 'live bots takes a profit book', status: 'passed' },
            {
              fullName: 'live bots refuses an overbuy',
              status: 'failed',
              failureMessages: [
                "\u001b[31mTimeoutError: locator.waitFor: Timeout 30000ms exceeded.\u001b[39m\n\nCall log:\n  - waiting for getByText('Saved')\n1\n2\n3\n4\n5",
              ],
            },
          ],
        },
      ],
    };
    expect(failedTests([failed], 3)).toEqual([
      'FAIL tests/e2e/bots.e2e.ts > live bots refuses an overbuy',
      '    TimeoutError: locator.waitFor: Timeout 30000ms exceeded.',
      '    Call log:',
      "      - waiting for getByText('Saved')",
    ]);
  });

  it('names a file that failed before any test ran (an import or a set-up error)', () => {
    const broken = {
      testResults: [{ name: '/x/server/a.test.ts', status: 'failed', message: 'Cannot find module ./b', assertionResults: [] }],
    };
    expect(failedTests([broken])).toEqual(['FAIL server/a.test.ts', '    Cannot find module ./b']);
    expect(failedTests([report('server/a.test.ts', [['t', 'passed']])])).toEqual([]);
  });
});

describe('the stage table', () => {
  it('gives each stage its wall time, its side-by-side commands theirs, and marks a failed stage', () => {
    const table = formatStages(
      [
        {
          stage: 'typecheck, lint, build',
          seconds: 70.2,
          commands: [
            { name: 'typecheck', seconds: 70, ok: true },
            { name: 'lint', seconds: 50, ok: true },
          ],
        },
        { stage: 'unit and integration', seconds: 400, commands: [{ name: 'unit', seconds: 400, ok: false }] },
      ],
      470.4,
    );
    expect(table.split('\n')).toEqual([
      'Stages (wall time):',
      '  typecheck, lint, build      70 s  (typecheck 70 s, lint 50 s)',
      '  unit and integration       400 s  FAILED',
      '  total                      470 s',
    ]);
  });
});
