import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZE, restoreWindowState, windowStateToSave } from './window-state';

const laptop = { x: 0, y: 0, width: 1440, height: 900 };
const monitor = { x: 1440, y: -200, width: 2560, height: 1440 };
/** A small display (a projector) left of the laptop. */
const projector = { x: -1024, y: 0, width: 1024, height: 768 };

describe('restoreWindowState', () => {
  it('opens at the default size, placed by the OS, without a saved state', () => {
    expect(restoreWindowState(null, [laptop])).toEqual({
      ...DEFAULT_SIZE,
      width: 1280,
      height: 800,
      maximized: false,
    });
    expect(restoreWindowState(null, [projector])).toEqual({
      width: 1024,
      height: 768,
      maximized: false,
    });
  });

  it('keeps a state that still fits, maximised included', () => {
    const saved = { x: 1500, y: 0, width: 1600, height: 1000, maximized: true };
    expect(restoreWindowState(saved, [laptop, monitor])).toEqual(saved);
  });

  it('drops the place of a display that is gone and fits the size to the screen left', () => {
    const saved = { x: 1500, y: 0, width: 1600, height: 1000, maximized: false };
    expect(restoreWindowState(saved, [laptop])).toEqual({
      width: 1440,
      height: 900,
      maximized: false,
    });
  });

  it('moves a window hanging off the side of its display back onto it', () => {
    expect(restoreWindowState({ x: 1300, y: 500, width: 1000, height: 700, maximized: false }, [laptop])).toEqual({
      x: 440,
      y: 200,
      width: 1000,
      height: 700,
      maximized: false,
    });
  });

  it('puts a window whose title bar lies on no display where the OS wants it', () => {
    // Only the bottom of the window would show: its title bar is above every display.
    const saved = { x: 100, y: -600, width: 1000, height: 700, maximized: false };
    expect(restoreWindowState(saved, [laptop])).toEqual({
      width: 1000,
      height: 700,
      maximized: false,
    });
  });

  it('chooses the display holding most of the title bar, and shrinks to a small one', () => {
    const saved = { x: -900, y: 10, width: 1200, height: 800, maximized: false };
    expect(restoreWindowState(saved, [laptop, projector])).toEqual({
      x: -1024,
      y: 0,
      width: 1024,
      height: 768,
      maximized: false,
    });
  });

  it('reads a hand-broken state as none', () => {
    for (const saved of [{ width: 'wide', height: 700 }, { width: -5, height: 700 }, { width: 1000 }, 'big', 42]) {
      expect(restoreWindowState(saved, [laptop])).toEqual({
        width: 1280,
        height: 800,
        maximized: false,
      });
    }
    expect(restoreWindowState({ x: 'left', y: 10, width: 1000, height: 700, maximized: 'yes' }, [laptop])).toEqual({
      width: 1000,
      height: 700,
      maximized: false,
    });
  });

  it('keeps the saved size at least the minimum when no display is known', () => {
    expect(restoreWindowState({ width: 300, height: 200, maximized: false }, [])).toEqual({
      width: 960,
      height: 600,
      maximized: false,
    });
  });
});

describe('windowStateToSave', () => {
  it('saves the normal bounds with the maximised flag', () => {
    expect(windowStateToSave({ x: 1, y: 2, width: 1000, height: 700 }, true)).toEqual({
      x: 1,
      y: 2,
      width: 1000,
      height: 700,
      maximized: true,
    });
  });
});
