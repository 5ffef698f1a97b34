/**
 * The tray icon: live bot and cycle counts, the quick links and Quit (desktop/tray-menu.ts
 * decides what it shows). It is also what keeps the app reachable while the window is closed.
 */
import { Menu, nativeImage, Tray, type MenuItemConstructorOptions } from 'electron';
import { trayEntries, trayTitle, trayTooltip, type TrayEntry } from '../desktop/tray-menu';
import type { LiveCounts } from '../ports/types';

export interface TrayActions {
  /** Shows the window, on `path` when given. */
  open(path?: string): void;
  quit(): void;
}

export interface DesktopTray {
  update(counts: LiveCounts | null): void;
  destroy(): void;
}

function menuItem(entry: TrayEntry, actions: TrayActions): MenuItemConstructorOptions {
  switch (entry.kind) {
    case 'info':
      return { label: entry.label, enabled: false };
    case 'link':
      return { label: entry.label, click: () => actions.open(entry.path) };
    case 'separator':
      return { type: 'separator' };
    case 'quit':
      return { label: entry.label, click: () => actions.quit() };
  }
}

/** Null where the desktop has no tray (some Linux desktops): closing the window then quits. */
export function createTray(iconFile: string, actions: TrayActions, platform: string): DesktopTray | null {
  const image = nativeImage.createFromPath(iconFile);
  if (image.isEmpty()) return null;
  try {
    const tray = new Tray(image.resize({ width: 16, height: 16 }));
    const update = (counts: LiveCounts | null) => {
      tray.setToolTip(trayTooltip(counts));
      if (platform === 'darwin') tray.setTitle(trayTitle(counts));
      // Linux (AppIndicator) shows a changed menu only when it is set again.
      tray.setContextMenu(Menu.buildFromTemplate(trayEntries(counts).map((entry) => menuItem(entry, actions))));
    };
    update(null);
    tray.on('click', () => actions.open());
    return { update, destroy: () => tray.destroy() };
  } catch (error) {
    console.warn('GridDesk: no tray on this desktop', error);
    return null;
  }
}
