import { describe, expect, it } from 'vitest';
import { serverMinimum, shownMinimum } from './minimumAmount';

describe('minimum shown on the start screens', () => {
  it('reads the server minimum, or the screen default while unknown or unreadable', () => {
    expect(serverMinimum('150', 1000).toFixed()).toBe('150');
    expect(serverMinimum(null, 1000).toFixed()).toBe('1000');
    expect(serverMinimum('bad', 100).toFixed()).toBe('100');
    expect(serverMinimum('-5', 100).toFixed()).toBe('100');
  });

  it('applies the server rule for the grid count: 300 under 30 grids, else 10 per grid, never under the server minimum', () => {
    expect(shownMinimum(5, serverMinimum('100', 1000))).toBe('300');
    expect(shownMinimum(10, serverMinimum('100', 1000))).toBe('300');
    expect(shownMinimum(45, serverMinimum('100', 1000))).toBe('450');
    expect(shownMinimum(10, serverMinimum(null, 1000))).toBe('1000');
    expect(shownMinimum(30, serverMinimum('350.5', 1000))).toBe('350.5');
  });

  it('shows the server minimum alone until the grid count is known', () => {
    expect(shownMinimum(undefined, serverMinimum('200', 100))).toBe('200');
  });
});
