// Types of test-stages.mjs for its test (the test scripts are plain JavaScript).
export interface StageResult {
  stage: string;
  seconds: number;
  commands: { name: string; seconds: number; ok: boolean }[];
}
export function formatStages(stages: StageResult[], totalSeconds: number): string;
export function distinctName(file: string, fullName: string): string;
export function countTests(reports: unknown[]): { passed: number; failed: number; executions: number; distinct: number };
export function failedTests(reports: unknown[], linesPerTest?: number): string[];
