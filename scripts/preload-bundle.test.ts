/**
 * The preload's bundle holds the contract's names as literals (scripts/preload-bundle.mjs), read from
 * the contract when it is built: the names it reads are exactly the contract's, and the built
 * preload loads nothing but `electron`.
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { IPC_CHANNELS, IPC_EVENTS } from '../common/ipc/contract';
import { ipcNames, ipcNamesPlugin, sandboxProblems } from './preload-bundle.mjs';

describe('the IPC names written into the preload', () => {
  it("are the contract's channels and events, and the build watches the contract's files", async () => {
    const { names, inputs } = await ipcNames();
    expect(names.channels).toEqual([...IPC_CHANNELS].sort());
    expect(names.events).toEqual([...IPC_EVENTS].sort());
    expect(inputs).toEqual(expect.arrayContaining(['common/ipc/contract.ts', 'common/ops/bots.ts']));
  }, 60_000);

  it('replace the contract in the bundle: the preload loads electron alone', async () => {
    const { metafile, outputFiles } = await build({
      entryPoints: ['electron/preload/index.ts'],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      write: false,
      metafile: true,
      packages: 'external',
      plugins: [ipcNamesPlugin],
      logLevel: 'silent',
    });
    expect(sandboxProblems(metafile, ['electron'])).toEqual([]);
    const text = outputFiles[0]!.text;
    for (const channel of IPC_CHANNELS) expect(text).toContain(JSON.stringify(channel));
    expect(Object.keys(metafile.inputs).some((input) => input.startsWith('common/ops/'))).toBe(false);
  }, 60_000);

  it('a sandboxed bundle that would load a package is named', () => {
    const metafile = {
      outputs: {
        'preload.cjs': {
          imports: [
            { path: 'electron', external: true },
            { path: 'yup', external: true },
            { path: 'x.ts', external: false },
          ],
        },
      },
    };
    expect(sandboxProblems(metafile, ['electron'])).toEqual(['yup']);
  });
});
