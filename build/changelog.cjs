// Release notes from CHANGELOG.md: the section of one version (`## 0.2.0` or `## [0.2.0]`, up
// to the next `## `). electron-builder writes it into latest.yml as releaseNotes, and the
// desktop's update dialog shows it (electron/main/updater/question.ts).

/** The notes of `version`, trimmed; null when CHANGELOG.md has no section for it. */
function releaseNotesFor(changelog, version) {
  const lines = changelog.replace(/\r\n/g, '\n').split('\n');
  const escaped = version.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const heading = new RegExp(`^##\\s+\\[?v?${escaped}\\]?(\\s|$)`);
  const start = lines.findIndex((line) => heading.test(line));
  if (start < 0) return null;
  let end = lines.findIndex((line, i) => i > start && /^##\s/.test(line));
  if (end < 0) end = lines.length;
  const body = lines
    .slice(start + 1, end)
    .join('\n')
    .trim();
  return body === '' ? null : body;
}

module.exports = { releaseNotesFor };
