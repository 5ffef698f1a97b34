/**
 * Support tools' Electron glue: main's console copied into the logs folder (main.log), and
 * Help -> Export diagnostics, which asks where to save the zip ../diagnostics builds and shows
 * it in the file manager. The logs folder is Electron's: ~/Library/Logs/GridDesk on macOS,
 * %APPDATA%\GridDesk\logs on Windows, ~/.config/GridDesk/logs on Linux.
 */
import { release } from 'node:os';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { app, BrowserWindow, dialog, net, shell } from 'electron';
import { buildDiagnosticsZip, diagnosticsFileName } from '../diagnostics/export';
import { openLogFile, teeConsole } from '../diagnostics/log-file';

export interface DiagnosticsContext {
  /** The platform server main talks to, once started (its /healthz goes into the zip). */
  serverUrl(): string | null;
}

let context: DiagnosticsContext | null = null;

/** Starts writing main.log, before anything worth logging happens; returns the undo. */
export function startDiagnostics(next: DiagnosticsContext): () => void {
  context = next;
  app.setAppLogsPath();
  const stop = teeConsole(console, openLogFile(app.getPath('logs')));
  return () => {
    stop();
    context = null;
  };
}

function versions(): Record<string, string> {
  return {
    app: app.getVersion(),
    packaged: String(app.isPackaged),
    electron: process.versions.electron ?? 'unknown',
    chrome: process.versions.chrome ?? 'unknown',
    node: process.versions.node,
    v8: process.versions.v8,
    os: `${process.platform} ${release()} ${process.arch}`,
    locale: app.getLocale(),
  };
}

/**
 * Help -> Export diagnostics: the Help menu item calls this. Never throws;
 * a failure is shown to the member.
 */
export async function exportDiagnostics(): Promise<void> {
  const now = new Date();
  const window = BrowserWindow.getFocusedWindow() ?? undefined;
  const options = {
    title: 'Export diagnostics',
    defaultPath: join(app.getPath('downloads'), diagnosticsFileName(now)),
    filters: [{ name: 'Zip archive', extensions: ['zip'] }],
  };
  const choice = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
  if (choice.canceled || !choice.filePath) return;
  try {
    const zip = await buildDiagnosticsZip({
      now,
      versions: versions(),
      logDirs: [{ label: 'desktop', path: app.getPath('logs') }],
      settingsFile: join(app.getPath('userData'), 'settings.json'),
      serverUrl: context?.serverUrl() ?? null,
      env: process.env,
      fetch: ((input: string | Request, init?: RequestInit) => net.fetch(input, init)) as typeof fetch,
    });
    await writeFile(choice.filePath, zip);
    console.info(`GridDesk: diagnostics written to ${choice.filePath}`);
    shell.showItemInFolder(choice.filePath);
  } catch (error) {
    dialog.showErrorBox('Export diagnostics failed', (error as Error).message);
  }
}
