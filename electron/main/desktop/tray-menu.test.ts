import { describe, expect, it } from 'vitest';
import { DESKTOP_TEXT } from '../../../common/messages';
import { trayEntries, trayTitle, trayTooltip } from './tray-menu';

describe('tray menu', () => {
  it('shows the counts, the quick links and Quit', () => {
    expect(trayEntries({ bots: 2, cycles: 1 })).toEqual([
      { kind: 'info', label: 'Bots running: 2' },
      { kind: 'info', label: 'Cycles running: 1' },
      { kind: 'separator' },
      { kind: 'link', label: 'Dashboard', path: '/dashboard' },
      { kind: 'link', label: 'Start BOT', path: '/botcreate' },
      { kind: 'link', label: 'Start Cycle', path: '/cycle' },
      { kind: 'link', label: 'History', path: '/history' },
      { kind: 'separator' },
      { kind: 'quit', label: 'Quit GridDesk' },
    ]);
  });

  it('says nobody is signed in instead of counts it does not know', () => {
    expect(trayEntries(null).slice(0, 2)).toEqual([{ kind: 'info', label: DESKTOP_TEXT.tray.signedOut }, { kind: 'separator' }]);
    expect(trayTooltip(null)).toBe('GridDesk: Not signed in');
    expect(trayTitle(null)).toBe('');
  });

  it('counts in words in the tooltip and in figures beside the macOS icon', () => {
    expect(trayTooltip({ bots: 1, cycles: 0 })).toBe('GridDesk: 1 bot and 0 cycles running');
    expect(trayTooltip({ bots: 3, cycles: 2 })).toBe('GridDesk: 3 bots and 2 cycles running');
    expect(trayTitle({ bots: 3, cycles: 2 })).toBe('3 · 2');
  });
});
