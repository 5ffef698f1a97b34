/** The application menu (desktop/app-menu.ts builds it per OS) and the dialogs it opens. */
import { type BrowserWindow, clipboard, dialog, Menu, type MessageBoxOptions } from 'electron';
import { DESKTOP_TEXT } from '../../../common/messages';
import { aboutDialog, type AboutFacts } from '../desktop/about';
import type { MenuEntry } from '../desktop/app-menu';
import type { QuitQuestion } from '../desktop/quit-guard';

export function installAppMenu(template: MenuEntry[]): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

function showMessage(parent: BrowserWindow | null, options: MessageBoxOptions) {
  return parent && !parent.isDestroyed() && parent.isVisible()
    ? dialog.showMessageBox(parent, options)
    : dialog.showMessageBox(options);
}

/** About, with a Copy button that puts the versions on the clipboard for a support request. */
export async function showAbout(facts: AboutFacts, parent: BrowserWindow | null): Promise<void> {
  const about = aboutDialog(facts);
  const { response } = await showMessage(parent, {
    type: 'info',
    title: about.title,
    message: about.message,
    detail: about.detail,
    buttons: [DESKTOP_TEXT.about.ok, DESKTOP_TEXT.about.copy],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  });
  if (response === 1) clipboard.writeText(`${about.message}\n${about.detail}`);
}

/** The quit question (desktop/quit-guard.ts); true to quit. Escape keeps the app running. */
export async function askToQuit(question: QuitQuestion, parent: BrowserWindow | null): Promise<boolean> {
  const { response } = await showMessage(parent, {
    type: 'warning',
    title: DESKTOP_TEXT.appName,
    message: question.message,
    detail: question.detail,
    buttons: question.buttons,
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  });
  return response === 0;
}
