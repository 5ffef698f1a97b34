import { UI } from '../../common/messages';

/**
 * What a page load without the launch cookie gets (403): a plain page (no script, so the strict
 * CSP holds) telling the member to open the launch link. Nothing of the member's is on it.
 */
export function lockedPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>GridDesk preview</title>
<style>body{font:15px system-ui,sans-serif;max-width:640px;margin:3rem auto;padding:0 1rem}</style></head>
<body><h1>GridDesk preview</h1>
<p>${UI.previewLocked}</p>
</body></html>`;
}
