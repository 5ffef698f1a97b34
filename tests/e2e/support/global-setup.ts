/**
 * Once per e2e run: one Chromium for every file (each file connects and opens a fresh context),
 * and one scratch folder for the servers files share (stack.ts), removed when the run ends.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { launchChromiumServer } from './browser';
import { clearFailureSummary } from './failure-report';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await clearFailureSummary();
  const chromium = await launchChromiumServer();
  const sharedDir = await mkdtemp(join(tmpdir(), 'griddesk-e2e-shared-'));
  project.provide('chromiumWsEndpoint', chromium.wsEndpoint());
  project.provide('sharedStackDir', sharedDir);
  return async () => {
    await chromium.close().catch(() => undefined);
    await rm(sharedDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's scratch folder for shared servers' data (stack.ts). */
    sharedStackDir: string;
  }
}
