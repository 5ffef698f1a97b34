import { describe, expect, it, vi } from 'vitest';
import { aboutDialog } from './about';
import { appMenuTemplate, type MenuEntry } from './app-menu';

const actions = () => ({ about: vi.fn(), open: vi.fn() });
const labels = (menu: MenuEntry[]) => menu.map((entry) => entry.label);
const roles = (entry: MenuEntry | undefined) => (entry?.submenu ?? []).map((item) => item.role).filter(Boolean);
const find = (menu: MenuEntry[], label: string) => menu.find((entry) => entry.label === label);

describe('application menu', () => {
  it('gives macOS the app menu with About, Settings and Quit, and a Window menu', () => {
    const a = actions();
    const menu = appMenuTemplate(a, { platform: 'darwin', devTools: false });
    expect(labels(menu)).toEqual(['GridDesk', 'Edit', 'View', 'Go', 'Window', 'Help']);
    const app = menu[0]!.submenu!;
    expect(app[0]!.label).toBe('About GridDesk');
    app[0]!.click!();
    expect(a.about).toHaveBeenCalledOnce();
    expect(roles(menu[0])).toEqual(['services', 'hide', 'hideOthers', 'unhide', 'quit']);
    expect(roles(find(menu, 'Edit'))).toContain('pasteAndMatchStyle');
    expect(roles(find(menu, 'Window'))).toEqual(['minimize', 'zoom', 'front']);
    expect(find(menu, 'Help')!.role).toBe('help');
  });

  it('gives Windows and Linux File with Settings and Quit, and About under Help', () => {
    const a = actions();
    const menu = appMenuTemplate(a, { platform: 'win32', devTools: false });
    expect(labels(menu)).toEqual(['File', 'Edit', 'View', 'Go', 'Window', 'Help']);
    expect(roles(menu[0])).toEqual(['quit']);
    expect(labels(find(menu, 'Help')!.submenu!)).toEqual(['About GridDesk']);
    expect(roles(find(menu, 'Edit'))).not.toContain('pasteAndMatchStyle');
  });

  it.each(['darwin', 'linux', 'win32'])('has Edit with cut, copy, paste and select all on %s', (platform) => {
    expect(roles(find(appMenuTemplate(actions(), { platform, devTools: false }), 'Edit'))).toEqual(
      expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']),
    );
  });

  it('opens Settings and the quick links in the window', () => {
    const a = actions();
    const menu = appMenuTemplate(a, { platform: 'linux', devTools: false });
    find(menu, 'File')!.submenu![0]!.click!();
    for (const item of find(menu, 'Go')!.submenu!) item.click!();
    expect(a.open.mock.calls.map(([path]) => path)).toEqual(['/settings', '/dashboard', '/botcreate', '/cycle', '/history']);
  });

  it('offers reload and DevTools only in development builds', () => {
    expect(roles(find(appMenuTemplate(actions(), { platform: 'linux', devTools: true }), 'View'))).toContain('toggleDevTools');
    expect(roles(find(appMenuTemplate(actions(), { platform: 'linux', devTools: false }), 'View'))).not.toContain(
      'toggleDevTools',
    );
    expect(roles(find(appMenuTemplate(actions(), { platform: 'linux', devTools: false }), 'View'))).not.toContain('reload');
  });

  it('adds Export diagnostics to Help once support tools give it', () => {
    const exportDiagnostics = vi.fn();
    for (const platform of ['darwin', 'linux']) {
      const help = find(appMenuTemplate({ ...actions(), exportDiagnostics }, { platform, devTools: false }), 'Help')!.submenu!;
      help.find((item) => item.label === 'Export diagnostics…')!.click!();
    }
    expect(exportDiagnostics).toHaveBeenCalledTimes(2);
    expect(find(appMenuTemplate(actions(), { platform: 'darwin', devTools: false }), 'Help')!.submenu).toEqual([]);
  });
});

describe('About', () => {
  it('lists the versions and the server for support staff', () => {
    expect(
      aboutDialog({
        version: '0.1.0',
        versions: { electron: '45.4.1', chrome: '142.0.1', node: '22.20.0', v8: '14.2' },
        os: 'Linux 6.1.0 (x64)',
        server: { embedded: false, url: 'https://grid.example.com' },
      }),
    ).toEqual({
      title: 'About GridDesk',
      message: 'GridDesk 0.1.0',
      detail: [
        'Version 0.1.0',
        'Electron 45.4.1',
        'Chromium 142.0.1',
        'Node.js 22.20.0',
        'V8 14.2',
        'OS Linux 6.1.0 (x64)',
        'Platform server: https://grid.example.com',
      ].join('\n'),
    });
  });

  it('leaves out what the runtime does not report', () => {
    const detail = aboutDialog({
      version: '1.2.3',
      versions: { node: '20.20.2' },
      os: 'Darwin 24.0 (arm64)',
      server: { embedded: true },
    }).detail;
    expect(detail).toBe('Version 1.2.3\nNode.js 20.20.2\nOS Darwin 24.0 (arm64)\nPlatform server: embedded on this computer');
  });
});
