/** Runs before every e2e file: a failed test prints what its pages showed (see failure-report.ts). */
import { afterEach, beforeEach } from 'vitest';
import { reportFailure, startReporting } from './failure-report';

beforeEach(() => startReporting());

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') await reportFailure(context.task.name);
});
