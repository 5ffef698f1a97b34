/**
 * The window's size, place and maximised state across runs. Pure: the glue passes the saved
 * value and the work areas of the displays connected now. A display unplugged since, a
 * resolution lowered, or a settings file edited by hand must never open the window off screen
 * or larger than the screen it lands on.
 */
import type { WindowState } from '../ports/types';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DEFAULT_SIZE = { width: 1280, height: 800 } as const;
export const MIN_SIZE = { width: 960, height: 600 } as const;
/** So much of the window's top (its title bar) must lie on a display for its place to be kept. */
const GRIP = { width: 120, height: 32 } as const;

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), Math.max(low, high));

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return { width: Math.max(0, width), height: Math.max(0, height) };
}

/** The display whose work area holds most of the window's title bar, if one holds enough of it. */
function displayHolding(bar: Rect, areas: readonly Rect[]): Rect | null {
  let best: Rect | null = null;
  let bestArea = 0;
  for (const area of areas) {
    const { width, height } = overlap(bar, area);
    if (width >= Math.min(GRIP.width, bar.width) && height >= Math.min(GRIP.height, bar.height) && width * height > bestArea) {
      best = area;
      bestArea = width * height;
    }
  }
  return best;
}

/** Fits a size into an area: at most the area, at least the minimum (or the area, if smaller). */
function fit(width: number, height: number, area: Rect | undefined): { width: number; height: number } {
  if (!area) return { width: Math.max(width, MIN_SIZE.width), height: Math.max(height, MIN_SIZE.height) };
  return {
    width: Math.round(clamp(width, Math.min(MIN_SIZE.width, area.width), area.width)),
    height: Math.round(clamp(height, Math.min(MIN_SIZE.height, area.height), area.height)),
  };
}

/**
 * Where to open the window: the saved state when it still fits, moved and shrunk onto the
 * display it was on; without a position (the OS centres it) when that display is gone.
 * `areas[0]` is the primary display.
 */
export function restoreWindowState(saved: unknown, areas: readonly Rect[]): WindowState {
  const primary = areas[0];
  const state = (saved ?? {}) as Partial<Record<keyof WindowState, unknown>>;
  if (!finite(state.width) || !finite(state.height) || state.width <= 0 || state.height <= 0) {
    return { ...fit(DEFAULT_SIZE.width, DEFAULT_SIZE.height, primary), maximized: false };
  }
  const maximized = state.maximized === true;
  if (!finite(state.x) || !finite(state.y)) return { ...fit(state.width, state.height, primary), maximized };
  const bar = { x: state.x, y: state.y, width: state.width, height: GRIP.height };
  const home = displayHolding(bar, areas);
  if (!home) return { ...fit(state.width, state.height, primary), maximized };
  const size = fit(state.width, state.height, home);
  return {
    x: Math.round(clamp(state.x, home.x, home.x + home.width - size.width)),
    y: Math.round(clamp(state.y, home.y, home.y + home.height - size.height)),
    ...size,
    maximized,
  };
}

/** What is saved when the window closes or hides: the normal (unmaximised) bounds. */
export function windowStateToSave(normalBounds: Rect, maximized: boolean): WindowState {
  return { ...normalBounds, maximized };
}
