// Types of build-node.mjs for the tests that read its builds (the build scripts are plain JavaScript).
export interface NodeBuild {
  entryPoints: string[];
  output: Record<string, string>;
  format: 'esm' | 'cjs';
  copyMigrations: boolean;
  production?: boolean;
  runtimeProvided?: string[];
  sandboxed?: boolean;
}
export const builds: NodeBuild[];
