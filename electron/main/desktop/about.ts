/**
 * The About dialog's text: what support staff ask for first (the app's version, the Electron,
 * Chromium, Node and V8 inside it, the OS, and which platform server it talks to). Pure: the
 * glue reads process.versions and os, and shows it with a Copy button.
 */
import { DESKTOP_TEXT } from '../../../common/messages';

export interface AboutFacts {
  version: string;
  /** process.versions of the running main process. */
  versions: Partial<Record<'electron' | 'chrome' | 'node' | 'v8', string>>;
  /** e.g. 'Linux 6.1.0 (x64)'. */
  os: string;
  /** The embedded server, or the URL of a remote one. */
  server: { embedded: true } | { embedded: false; url: string };
}

export interface AboutDialog {
  title: string;
  message: string;
  detail: string;
}

export function aboutDialog(facts: AboutFacts): AboutDialog {
  const { electron, chrome, node, v8 } = facts.versions;
  const lines = [
    `Version ${facts.version}`,
    electron && `Electron ${electron}`,
    chrome && `Chromium ${chrome}`,
    node && `Node.js ${node}`,
    v8 && `V8 ${v8}`,
    `OS ${facts.os}`,
    facts.server.embedded ? 'Platform server: embedded on this computer' : `Platform server: ${facts.server.url}`,
  ].filter((line): line is string => Boolean(line));
  return {
    title: DESKTOP_TEXT.about.title,
    message: `${DESKTOP_TEXT.appName} ${facts.version}`,
    detail: DESKTOP_TEXT.about.detail(lines),
  };
}
