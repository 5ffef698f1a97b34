/**
 * The application menu for each OS, as a plain template app/menu.ts hands to Electron:
 * macOS gets its app menu (About, Settings, Services, Hide, Quit) and a Window menu; Windows and
 * Linux a File menu and About under Help. Every OS gets Edit (without it, copy and paste do not
 * work in an Electron window on macOS), View, Go (the quick links) and Help.
 */
import { DESKTOP_TEXT } from '../../../common/messages';
import { ROUTES } from '../../../common/routes';
import { QUICK_LINKS } from './quick-links';

/** The Electron menu roles used here (a subset of MenuItemConstructorOptions['role']). */
export type MenuRole =
  | 'about'
  | 'services'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'quit'
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'pasteAndMatchStyle'
  | 'delete'
  | 'selectAll'
  | 'reload'
  | 'toggleDevTools'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'minimize'
  | 'zoom'
  | 'front'
  | 'close'
  | 'help';

/** A menu item, structurally one of Electron's MenuItemConstructorOptions. */
export interface MenuEntry {
  label?: string;
  role?: MenuRole;
  type?: 'separator';
  accelerator?: string;
  click?: () => void;
  submenu?: MenuEntry[];
}

export interface AppMenuActions {
  about(): void;
  /** Opens a page of the app in the window. */
  open(path: string): void;
  /** Help > Export diagnostics (support tools); the entry is left out until it is given. */
  exportDiagnostics?: () => void;
}

export interface AppMenuOptions {
  platform: string;
  /** Reload and DevTools, for development builds only (DevTools are off once packaged). */
  devTools: boolean;
}

const separator: MenuEntry = { type: 'separator' };

function editMenu(mac: boolean): MenuEntry {
  return {
    label: DESKTOP_TEXT.menu.edit,
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      separator,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(mac ? [{ role: 'pasteAndMatchStyle' } as const] : []),
      { role: 'delete' },
      separator,
      { role: 'selectAll' },
    ],
  };
}

function viewMenu(devTools: boolean): MenuEntry {
  return {
    label: DESKTOP_TEXT.menu.view,
    submenu: [
      ...(devTools ? [{ role: 'reload' } as const, { role: 'toggleDevTools' } as const, separator] : []),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator,
      { role: 'togglefullscreen' },
    ],
  };
}

export function appMenuTemplate(actions: AppMenuActions, options: AppMenuOptions): MenuEntry[] {
  const mac = options.platform === 'darwin';
  const settings: MenuEntry = {
    label: DESKTOP_TEXT.menu.settings,
    accelerator: 'CmdOrCtrl+,',
    click: () => actions.open(ROUTES.settings),
  };
  const about: MenuEntry = { label: DESKTOP_TEXT.menu.about, click: actions.about };
  const diagnostics: MenuEntry[] = actions.exportDiagnostics
    ? [{ label: DESKTOP_TEXT.menu.exportDiagnostics, click: actions.exportDiagnostics }]
    : [];
  const go: MenuEntry = {
    label: DESKTOP_TEXT.menu.go,
    submenu: QUICK_LINKS.map((link) => ({
      label: link.label,
      click: () => actions.open(link.path),
    })),
  };

  if (mac) {
    return [
      {
        label: DESKTOP_TEXT.appName,
        submenu: [
          about,
          separator,
          settings,
          separator,
          { role: 'services' },
          separator,
          { role: 'hide' },
          { role: 'hideOthers' },
          { role: 'unhide' },
          separator,
          { role: 'quit' },
        ],
      },
      editMenu(true),
      viewMenu(options.devTools),
      go,
      {
        label: DESKTOP_TEXT.menu.window,
        submenu: [{ role: 'minimize' }, { role: 'zoom' }, separator, { role: 'front' }],
      },
      // macOS adds its search field to the menu with the help role.
      { label: DESKTOP_TEXT.menu.help, role: 'help', submenu: diagnostics },
    ];
  }
  return [
    { label: DESKTOP_TEXT.menu.file, submenu: [settings, separator, { role: 'quit' }] },
    editMenu(false),
    viewMenu(options.devTools),
    go,
    { label: DESKTOP_TEXT.menu.window, submenu: [{ role: 'minimize' }, { role: 'close' }] },
    {
      label: DESKTOP_TEXT.menu.help,
      submenu: [...diagnostics, ...(diagnostics.length ? [separator] : []), about],
    },
  ];
}
