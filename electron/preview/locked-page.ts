import { UI } from '../../common/messages';
import { DEFAULT_COMMAND } from './launch-command';

/**
 * What a browser without the launch cookie is told (403), naming the command that printed the
 * link: UI.previewLocked names `npm run preview`; after `npm start` or `npm run dev` that was
 * wrong (issue 35).
 */
export function lockedMessage(command = DEFAULT_COMMAND): string {
  return UI.previewLocked.replace(DEFAULT_COMMAND, command);
}

/**
 * What a page load without the launch cookie gets (403): a plain page (no script, so the strict
 * CSP holds) telling the member to open the launch link. Nothing of the member's is on it.
 */
export function lockedPage(command = DEFAULT_COMMAND): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>GridDesk preview</title>
<style>body{font:15px system-ui,sans-serif;max-width:640px;margin:3rem auto;padding:0 1rem}</style></head>
<body><h1>GridDesk preview</h1>
<p>${lockedMessage(command)}</p>
</body></html>`;
}
