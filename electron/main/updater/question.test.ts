import { describe, expect, it } from 'vitest';
import { notesAsText, restartQuestion } from './question';

describe('the update question', () => {
  it('shows the release notes as plain text', () => {
    const notes =
      '## 0.2.0\n\n### Cycles\n\n- **Edit** the number of rounds\n* See [the guide](https://x.example)\n\n\n\nDone <b>here</b>';
    expect(notesAsText(notes)).toBe('0.2.0\n\nCycles\n\n• Edit the number of rounds\n• See the guide\n\nDone here');
    expect(notesAsText(null)).toBe('');
    expect(notesAsText(undefined)).toBe('');
  });

  it('reads notes given one per version', () => {
    const notes = [
      { version: '0.3.0', note: '- Third' },
      { version: '0.2.1', note: null },
      { version: '0.2.0', note: '- Second' },
    ];
    expect(notesAsText(notes)).toBe('0.3.0\n\n• Third\n\n0.2.0\n\n• Second');
  });

  it('cuts long notes at a line', () => {
    const notes = Array.from({ length: 200 }, (_, i) => `- change number ${i}`).join('\n');
    const text = notesAsText(notes);
    expect(text.length).toBeLessThanOrEqual(1202);
    expect(text.endsWith('\n…')).toBe(true);
    expect(
      text
        .split('\n')
        .slice(0, -1)
        .every((line) => /^• change number \d+$/.test(line)),
    ).toBe(true);
  });

  it('asks to restart, with the notes after the explanation', () => {
    expect(restartQuestion('0.2.0', null)).toMatchObject({
      message: 'GridDesk 0.2.0 is ready to install',
      buttons: ['Restart now', 'Later'],
    });
    expect(restartQuestion('0.2.0', null).detail).toMatch(/installed when you next quit GridDesk\.$/);
    expect(restartQuestion('0.2.0', '- one').detail).toMatch(/when you next quit GridDesk\.\n\n• one$/);
  });
});
