/**
 * The one up colour and one down colour of each theme: profit, P&L, ROI, APY, Loss Book and an
 * order's side (BUY up, SELL down) all use these, so a gain looks the same on every screen.
 * Each reads at 4.5:1 or more on its theme's page, card and popup backgrounds (antd's own
 * success green, #52c41a, is 2.3:1 on white); themeContrast.test.ts holds them to that.
 *
 * Pure data with no imports, because the theme config (loaded by the login screen) reads it too:
 * antd's success and danger text use the same two colours. direction.ts picks one for a value.
 */
import type { Theme } from '../../common/ipc/contract';

export type Direction = 'up' | 'down';

export const PNL_COLORS = {
  light: { up: '#137333', down: '#c41d2a' },
  dark: { up: '#3fb950', down: '#ff6b6b' },
} as const satisfies Record<Theme, Record<Direction, string>>;
