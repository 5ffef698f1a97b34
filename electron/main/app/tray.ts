import { Menu, nativeImage, Tray } from 'electron';

export interface TrayActions {
  open(): void;
  quit(): void;
}

/** Tray icon with Open and Quit; null where the desktop has no tray. */
export function createTray(iconFile: string, actions: TrayActions): Tray | null {
  const image = nativeImage.createFromPath(iconFile);
  if (image.isEmpty()) return null;
  try {
    const tray = new Tray(image.resize({ width: 16, height: 16 }));
    tray.setToolTip('GridDesk');
    tray.setContextMenu(
      Menu.buildFromTemplate([
        { label: 'Open GridDesk', click: actions.open },
        { type: 'separator' },
        { label: 'Quit', click: actions.quit },
      ]),
    );
    tray.on('click', actions.open);
    return tray;
  } catch (error) {
    console.warn('GridDesk: no tray on this desktop', error);
    return null;
  }
}
