import { describe, expect, it } from 'vitest';
import { composite, contrastRatio, parseColor, relativeLuminance } from './contrast';

describe('contrastRatio (WCAG 2.x)', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#000000', 21],
    ['#ffffff', '#ffffff', 1],
    ['#777777', '#ffffff', 4.48],
    ['#767676', '#ffffff', 4.54],
    // antd's success green, as members saw it on white.
    ['#52c41a', '#ffffff', 2.27],
    ['#0f9d76', '#ffffff', 3.44],
    ['#ff0000', '#ffffff', 4.0],
    ['#0000ff', '#ffffff', 8.59],
    // Shorthand and rgb() forms mean the same colours.
    ['#000', 'rgb(255, 255, 255)', 21],
    // A translucent text colour is laid over the background first: antd's tertiary text on
    // white, and its disabled grey on a dark card ('No Records Found.' as members saw it).
    ['rgba(0,0,0,0.45)', '#ffffff', 3.35],
    ['rgba(255,255,255,0.25)', '#141414', 2.24],
    ['#00000080', '#ffffff', 4.0],
  ])('%s on %s is %d:1', (text, background, ratio) => {
    expect(contrastRatio(text, background)).toBeCloseTo(ratio, 2);
  });

  it('does not depend on which of the two is the text', () => {
    expect(contrastRatio('#3fb950', '#0d1117')).toBeCloseTo(contrastRatio('#0d1117', '#3fb950'), 10);
  });
});

describe('colour parsing and luminance', () => {
  it.each([
    ['#abc', { r: 0xaa, g: 0xbb, b: 0xcc, a: 1 }],
    ['#AABBCC', { r: 0xaa, g: 0xbb, b: 0xcc, a: 1 }],
    ['#aabbcc00', { r: 0xaa, g: 0xbb, b: 0xcc, a: 0 }],
    ['rgba(1, 2, 3, 0.5)', { r: 1, g: 2, b: 3, a: 0.5 }],
    [' rgb(1,2,3) ', { r: 1, g: 2, b: 3, a: 1 }],
  ])('reads %s', (text, rgba) => {
    expect(parseColor(text)).toEqual(rgba);
  });

  it.each(['green', '#12345', 'hsl(0, 0%, 0%)', ''])('refuses %j rather than guessing', (text) => {
    expect(() => parseColor(text)).toThrow(/Unsupported colour/);
  });

  it('gives black 0 and white 1, and lays half-transparent black over white as mid grey', () => {
    expect(relativeLuminance(parseColor('#000'))).toBe(0);
    expect(relativeLuminance(parseColor('#fff'))).toBe(1);
    expect(composite(parseColor('rgba(0,0,0,0.5)'), parseColor('#fff'))).toEqual({ r: 127.5, g: 127.5, b: 127.5, a: 1 });
  });
});
