import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileSettings } from './conf-settings';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'griddesk-settings-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('file settings (conf)', () => {
  it('starts from defaults and persists across instances', () => {
    const first = createFileSettings(dir);
    expect(first.get('theme')).toBe('light');
    expect(first.get('userData')).toBeNull();
    first.set('theme', 'dark');
    first.set('windowState', { width: 1000, height: 700, maximized: true });
    const second = createFileSettings(dir);
    expect(second.get('theme')).toBe('dark');
    expect(second.get('windowState')).toEqual({ width: 1000, height: 700, maximized: true });
  });

  it('forgets a value set to null', async () => {
    const settings = createFileSettings(dir);
    settings.set('email', 'a@b.c');
    settings.set('email', null);
    expect(settings.get('email')).toBeNull();
    expect(await readFile(join(dir, 'settings.json'), 'utf8')).not.toContain('a@b.c');
  });

  it('replaces hand-broken values with defaults', async () => {
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ theme: 'purple', email: 42, userData: 'x' }));
    const settings = createFileSettings(dir);
    expect(settings.get('theme')).toBe('light');
    expect(settings.get('email')).toBeNull();
    expect(settings.get('userData')).toBeNull();
  });
});
