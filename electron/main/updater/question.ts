/**
 * What the update dialog says. The release notes come from the feed (electron-builder copies
 * the version's CHANGELOG.md section into latest.yml), shown as plain text: a native dialog
 * renders no Markdown.
 */
export interface UpdateQuestion {
  message: string;
  detail: string;
  /** [the action, 'Later']: index 0 is the default, 1 the cancel. */
  buttons: [string, string];
}

const MAX_NOTES = 1200;

/** Markdown headings, emphasis and links as plain text, cut at a line near MAX_NOTES. */
export function notesAsText(markdown: string | null): string {
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

function withNotes(lead: string, notes: string | null): string {
  const text = notesAsText(notes);
  return text ? `${lead}\n\n${text}` : lead;
}

export function restartQuestion(version: string, notes: string | null): UpdateQuestion {
  return {
    message: `GridDesk ${version} is ready to install`,
    detail: withNotes(
      'Restart now to update. GridDesk closes and opens again; bots run by this computer pause until it is back. ' +
        'Choose Later and the update is installed when you next quit GridDesk.',
      notes,
    ),
    buttons: ['Restart now', 'Later'],
  };
}

export function downloadQuestion(version: string, notes: string | null): UpdateQuestion {
  return {
    message: `GridDesk ${version} is available`,
    detail: withNotes('This installation cannot update itself. Download the new version and install it over this one; your data stays.', notes),
    buttons: ['Download', 'Later'],
  };
}
