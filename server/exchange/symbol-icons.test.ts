import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SYMBOL_ICONS } from '../../common/symbol-icons';
import { TICKER_SYMBOLS } from './exchange-factory';

// The renderer shows /img/symbols/{pair}.png for a pair (SPEC section 3); the build copies
// renderer/public to the app's root, so a pair the app lists without a file here shows the
// neutral coin instead of its icon.
const ICONS = join(import.meta.dirname, '../../renderer/public/img/symbols');

/** Pairs whose coin the icon package (cryptocurrency-icons) has no image for: see the README there. */
const WITHOUT_PACKAGE_ICON = ['NEARUSDT', 'APTUSDT', 'ARBUSDT', 'OPUSDT'];

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('symbol icons', () => {
  const files = new Set(readdirSync(ICONS));

  it.each(TICKER_SYMBOLS.filter((pair) => !WITHOUT_PACKAGE_ICON.includes(pair)))('ships a PNG icon for %s', (pair) => {
    expect(files.has(`${pair}.png`)).toBe(true);
    expect(readFileSync(join(ICONS, `${pair}.png`)).subarray(0, 8)).toEqual(PNG_SIGNATURE);
  });

  it('lists as missing only pairs the app lists and that indeed have no file', () => {
    for (const pair of WITHOUT_PACKAGE_ICON) {
      expect(TICKER_SYMBOLS).toContain(pair);
      expect(files.has(`${pair}.png`)).toBe(false);
    }
  });

  it('holds nothing but pair icons and their README', () => {
    const pngs = [...files].filter((f) => f.endsWith('.png')).map((f) => f.slice(0, -4));
    expect(pngs.every((pair) => TICKER_SYMBOLS.includes(pair))).toBe(true);
    // The renderer asks only for these: the list it reads is exactly the files shipped.
    expect(pngs.sort()).toEqual([...SYMBOL_ICONS].sort());
    expect([...files].filter((f) => !f.endsWith('.png'))).toEqual(['README.md']);
  });
});
