// Types of production-imports.mjs for its test (the build scripts are plain JavaScript).
export function packageOf(specifier: string): string;

export interface ProductionImportsOptions {
  metafile: { inputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[] }> };
  dependencies: Set<string>;
  lockPackages: Record<string, { dev?: boolean }>;
  topNodeModules: string;
  nodeModulesFor: (name: string, importer: string) => string | null;
  runtimeProvided?: string[];
  developmentOnly?: Map<string, string>;
}

export function productionImportProblems(options: ProductionImportsOptions): string[];
