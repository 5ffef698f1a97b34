/**
 * What the tray shows: the live counts (two lines that do nothing when clicked), the quick
 * links and Quit. Pure: app/tray.ts turns it into an Electron menu and rebuilds it on each
 * change of the counts.
 */
import { DESKTOP_TEXT } from '../../../common/messages';
import type { LiveCounts } from '../ports/types';
import { QUICK_LINKS } from './quick-links';

export type TrayEntry =
  | { kind: 'info'; label: string }
  | { kind: 'link'; label: string; path: string }
  | { kind: 'separator' }
  | { kind: 'quit'; label: string };

export function trayEntries(counts: LiveCounts | null): TrayEntry[] {
  const info: TrayEntry[] = counts
    ? [
        { kind: 'info', label: DESKTOP_TEXT.tray.bots(counts.bots) },
        { kind: 'info', label: DESKTOP_TEXT.tray.cycles(counts.cycles) },
      ]
    : [{ kind: 'info', label: DESKTOP_TEXT.tray.signedOut }];
  return [
    ...info,
    { kind: 'separator' },
    ...QUICK_LINKS.map((link): TrayEntry => ({ kind: 'link', ...link })),
    { kind: 'separator' },
    { kind: 'quit', label: DESKTOP_TEXT.tray.quit },
  ];
}

export function trayTooltip(counts: LiveCounts | null): string {
  return counts
    ? DESKTOP_TEXT.tray.tooltip(counts.bots, counts.cycles)
    : `${DESKTOP_TEXT.appName}: ${DESKTOP_TEXT.tray.signedOut}`;
}

/** The short text beside the macOS menu-bar icon: "2 · 1" (bots · cycles), empty signed out. */
export function trayTitle(counts: LiveCounts | null): string {
  return counts ? `${counts.bots} · ${counts.cycles}` : '';
}
