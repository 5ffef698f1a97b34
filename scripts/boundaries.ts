/**
 * `npm run lint`'s boundary check: cruises the source folders once with .dependency-cruiser.mjs
 * (the rules, each with why) and fails on
 *   - a rule violation not listed in .dependency-cruiser-known-violations.json, and
 *   - an import between folders that lies on a folder cycle (scripts/folder-cycles.ts) and is
 *     not listed in KNOWN_FOLDER_CYCLE_EDGES below.
 * Known violations are the debt other work removes; each fix shrinks the lists.
 *
 * `tsx scripts/boundaries.ts --baseline` (npm run lint:baseline) rewrites the known-violations
 * file from the code as it is, exactly as `depcruise-baseline` does.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { cruise, format, type ICruiseOptions, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { folderCycleEdges } from './folder-cycles';

export const CONFIG = './.dependency-cruiser.mjs';
const KNOWN_VIOLATIONS = '.dependency-cruiser-known-violations.json';
/** Cruised when present (sim/ arrives with the simulator's move out of server/exchange/). */
const FOLDERS = ['common', 'trading', 'server', 'electron', 'renderer', 'sim', 'scripts', 'bench', 'tests'];

/**
 * Folder-cycle edges that exist today, each with the work that removes it. They came into view
 * when a folder's own files began to count as a folder (`x/*`, scripts/folder-cycles.ts). None
 * is left: server/exchange's edges with its user streams went when the gateway's types, the
 * weight governor and the member cache moved into exchange/core/, and trading/'s with
 * trading/cycle when the primitives both use (exact, futures, orders, types, strategy) moved
 * into trading/core/. A new edge fails lint.
 */
const KNOWN_FOLDER_CYCLE_EDGES = new Set<string>([]);

/** The rule options of the config, ready for the API (as the depcruise CLI prepares them). */
export async function cruiseOptions(withKnownViolations: boolean): Promise<ICruiseOptions> {
  const options = await extractDepcruiseOptions(CONFIG);
  if (withKnownViolations && existsSync(KNOWN_VIOLATIONS)) {
    options.knownViolations = JSON.parse(readFileSync(KNOWN_VIOLATIONS, 'utf8'));
  }
  return options;
}

export async function cruiseFolders(folders: string[], options: ICruiseOptions): Promise<ICruiseResult> {
  const tsConfig = extractTSConfig(options.tsConfig?.fileName ?? 'tsconfig.json');
  const { output } = await cruise(folders, options, {}, { tsConfig });
  return output as ICruiseResult;
}

async function main(argv: string[]): Promise<number> {
  const baseline = argv.includes('--baseline');
  const folders = FOLDERS.filter((folder) => existsSync(folder));
  const result = await cruiseFolders(folders, await cruiseOptions(!baseline));
  if (baseline) {
    const { output } = await format(result, { outputType: 'baseline' });
    writeFileSync(KNOWN_VIOLATIONS, `${String(output).trim()}\n`);
    console.log(`wrote ${KNOWN_VIOLATIONS}`);
    return 0;
  }
  // err-long: each violation comes with its rule's comment, so the failure says why, not only which rule.
  const report = await format(result, { outputType: 'err-long' });
  if (report.exitCode !== 0) process.stderr.write(String(report.output));

  const edges = folderCycleEdges(result.modules);
  const unknown = edges.filter(({ edge }) => !KNOWN_FOLDER_CYCLE_EDGES.has(edge));
  for (const { edge, cycle, example } of unknown) {
    console.error(`error no-folder-cycles: ${edge} (cycle: ${cycle.join(', ')})\n      ${example}`);
  }
  const present = new Set(edges.map(({ edge }) => edge));
  for (const known of KNOWN_FOLDER_CYCLE_EDGES) {
    if (!present.has(known))
      console.warn(`note: the known folder-cycle edge ${known} is gone; remove it from scripts/boundaries.ts`);
  }
  const failed = report.exitCode !== 0 || unknown.length > 0;
  if (!failed) console.log(`boundaries: ${result.summary.totalCruised} modules cruised, no new violation`);
  return failed ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
