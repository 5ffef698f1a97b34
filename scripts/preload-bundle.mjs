// The preload's bundle. It runs sandboxed and can load nothing but `electron`, so it cannot import
// the IPC contract (its payload schemas need yup): electron/preload/names.ts imports the contract
// for type checks and tests, and ipcNamesPlugin replaces that file in the bundle with the names
// the contract holds when it is built, so no list of names is written by hand. sandboxProblems
// is the build's check that the bundle loads nothing else.
import { build } from 'esbuild';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const CONTRACT = 'common/ipc/contract.ts';

/** The names, read by running the contract (bundled to a scratch module beside node_modules). */
export async function ipcNames() {
  const { outputFiles, metafile } = await build({
    entryPoints: [CONTRACT],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    write: false,
    metafile: true,
    packages: 'external',
    logLevel: 'warning',
  });
  await mkdir('.tmp', { recursive: true });
  const dir = await mkdtemp(join('.tmp', 'ipc-names-'));
  const file = resolve(dir, 'contract.mjs');
  try {
    await writeFile(file, outputFiles[0].text);
    const { IPC_CHANNELS, IPC_EVENTS } = await import(pathToFileURL(file).href);
    return {
      names: { channels: [...IPC_CHANNELS].sort(), events: [...IPC_EVENTS].sort() },
      inputs: Object.keys(metafile.inputs),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** esbuild plugin: electron/preload/names.ts becomes the names as literals (rebuilt when the contract's files change). */
export const ipcNamesPlugin = {
  name: 'ipc-names',
  setup(esbuild) {
    esbuild.onLoad({ filter: /[\\/]electron[\\/]preload[\\/]names\.ts$/ }, async () => {
      const { names, inputs } = await ipcNames();
      return {
        contents: `export const IPC_NAMES = ${JSON.stringify(names)};\n`,
        loader: 'ts',
        watchFiles: inputs.map((input) => resolve(input)),
      };
    });
  },
};

/** What a sandboxed bundle would load at run time beyond what its runtime provides. */
export function sandboxProblems(metafile, runtimeProvided) {
  const loaded = new Set();
  for (const { imports } of Object.values(metafile.outputs)) {
    for (const { path, external } of imports) if (external && !runtimeProvided.includes(path)) loaded.add(path);
  }
  return [...loaded].sort();
}
