/**
 * The support tools' Electron glue driven against a fake `electron` module: Help -> Export
 * diagnostics writing a readable zip. The updater's glue has its own test (updater.test.ts).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readZip } from '../diagnostics/testing/read-zip';

const fake = vi.hoisted(() => ({
  isPackaged: true,
  paths: {} as Record<string, string>,
  savePath: null as string | null,
  shown: [] as string[],
}));

vi.mock('electron', () => ({
  app: {
    get isPackaged() {
      return fake.isPackaged;
    },
    getVersion: () => '0.1.0',
    getLocale: () => 'en-GB',
    getPath: (name: string) => fake.paths[name]!,
    setAppLogsPath: () => undefined,
  },
  BrowserWindow: { getFocusedWindow: () => null, getAllWindows: () => [] },
  dialog: {
    showSaveDialog: async () => ({ canceled: fake.savePath === null, filePath: fake.savePath ?? undefined }),
    showErrorBox: (title: string, message: string) => {
      throw new Error(`${title}: ${message}`);
    },
  },
  net: { fetch: (input: string, init?: RequestInit) => fetch(input, init) },
  shell: {
    showItemInFolder: (path: string) => void fake.shown.push(path),
  },
}));

const { exportDiagnostics, startDiagnostics } = await import('./diagnostics');

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'griddesk-support-'));
  Object.assign(fake, { isPackaged: true, savePath: null, shown: [] });
  fake.paths = { userData: join(dir, 'userData'), logs: join(dir, 'logs'), downloads: dir };
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('Help -> Export diagnostics', () => {
  it('writes the zip where the member chose, with main.log redacted, and shows it', async () => {
    const stop = startDiagnostics({ serverUrl: () => null });
    try {
      console.warn('login answer {"token":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl"}');
    } finally {
      stop();
    }
    fake.savePath = join(dir, 'GridDesk-diagnostics.zip');
    await exportDiagnostics();
    expect(fake.shown).toEqual([fake.savePath]);
    const files = new Map(readZip(await readFile(fake.savePath)).map((e) => [e.name, e.data.toString('utf8')]));
    expect(files.get('logs/desktop/main.log')).toMatch(/WARN {2}login answer \{"token":"\[REDACTED\]"\}/);
    expect(JSON.parse(files.get('versions.json')!)).toMatchObject({
      app: '0.1.0',
      packaged: 'true',
      node: process.versions.node,
      locale: 'en-GB',
    });
    expect(JSON.parse(files.get('health.json')!)).toEqual({ unavailable: 'no platform server was started' });
  });

  it('writes nothing when the member cancels', async () => {
    await exportDiagnostics();
    expect(fake.shown).toEqual([]);
  });
});
