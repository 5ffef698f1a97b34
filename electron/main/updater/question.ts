/**
 * What the update dialog says. The release notes come from the feed (electron-builder copies
 * the version's CHANGELOG.md section into latest.yml), shown as plain text: a native dialog
 * renders no Markdown.
 */
import type { UpdateInfo } from 'electron-updater';

export interface UpdateQuestion {
  message: string;
  detail: string;
  /** [the action, 'Later']: index 0 is the default, 1 the cancel. */
  buttons: [string, string];
}

/** latest.yml's releaseNotes: text, or one note per version (electron-updater's list form). */
export type ReleaseNotes = UpdateInfo['releaseNotes'];

const MAX_NOTES = 1200;

function notesMarkdown(notes: ReleaseNotes): string {
  if (!notes) return '';
  if (typeof notes === 'string') return notes;
  return notes
    .map((n) => (n.note ? `## ${n.version}\n\n${n.note}` : ''))
    .filter(Boolean)
    .join('\n\n');
}

/** Markdown headings, emphasis and links as plain text, cut at a line near MAX_NOTES. */
export function notesAsText(notes: ReleaseNotes): string {
  const markdown = notesMarkdown(notes);
  if (!markdown) return '';
  const text = markdown
    .replace(/<[^>]+>/g, '')
    .replace(/^#{1,6}[ \t]*/gm, '')
    .replace(/\*\*([^*]+)\*\*|__([^_]+)__/g, '$1$2')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^[ \t]*[*-][ \t]+/gm, '• ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (text.length <= MAX_NOTES) return text;
  const cut = text.lastIndexOf('\n', MAX_NOTES);
  return `${text.slice(0, cut > MAX_NOTES / 2 ? cut : MAX_NOTES).trimEnd()}\n…`;
}

export function restartQuestion(version: string, notes: ReleaseNotes): UpdateQuestion {
  const lead =
    'Restart now to update. GridDesk closes and opens again; bots run by this computer pause until it is back. ' +
    'Choose Later and the update is installed when you next quit GridDesk.';
  const text = notesAsText(notes);
  return {
    message: `GridDesk ${version} is ready to install`,
    detail: text ? `${lead}\n\n${text}` : lead,
    buttons: ['Restart now', 'Later'],
  };
}
