// Types of preload-bundle.mjs for its test (the build scripts are plain JavaScript).
import type { Plugin } from 'esbuild';

export interface IpcNames {
  channels: string[];
  events: string[];
}
export function ipcNames(): Promise<{ names: IpcNames; inputs: string[] }>;
export const ipcNamesPlugin: Plugin;
export function sandboxProblems(
  metafile: { outputs: Record<string, { imports: { path: string; external?: boolean }[] }> },
  runtimeProvided: readonly string[],
): string[];
