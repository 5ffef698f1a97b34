/**
 * WCAG 2.x contrast between a text colour and the colour behind it, so the theme's choices can
 * be checked by a test instead of by eye (4.5:1 is the minimum for normal-size text).
 *
 * Accepts the forms antd's tokens and our palettes use: #rgb, #rgba, #rrggbb, #rrggbbaa,
 * rgb(r, g, b) and rgba(r, g, b, a). A translucent text colour (antd's text tokens are white or
 * black at some opacity) is first laid over the background, as the screen shows it.
 */

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** Parses a CSS colour in one of the forms above; throws on anything else, so a typo fails loudly. */
export function parseColor(color: string): Rgba {
  const text = color.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(text);
  if (hex) {
    let digits = hex[1]!;
    if (digits.length <= 4) digits = [...digits].map((d) => d + d).join('');
    const channel = (i: number) => Number.parseInt(digits.slice(i * 2, i * 2 + 2), 16);
    return { r: channel(0), g: channel(1), b: channel(2), a: digits.length === 8 ? channel(3) / 255 : 1 };
  }
  const fn = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(text);
  if (fn) {
    return { r: Number(fn[1]), g: Number(fn[2]), b: Number(fn[3]), a: fn[4] === undefined ? 1 : Number(fn[4]) };
  }
  throw new Error(`Unsupported colour: ${color}`);
}

/** `top` laid over an opaque `bottom` (source-over); the result is opaque. */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

/** WCAG relative luminance of an opaque colour, 0 (black) to 1 (white). */
export function relativeLuminance({ r, g, b }: Rgba): number {
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * Contrast ratio (1 to 21) of `text` over `background`. A translucent background is taken over
 * white; a translucent text colour over the background.
 */
export function contrastRatio(text: string, background: string): number {
  const white: Rgba = { r: 255, g: 255, b: 255, a: 1 };
  const bg = composite(parseColor(background), white);
  const fg = composite(parseColor(text), bg);
  const [light, dark] = [relativeLuminance(fg), relativeLuminance(bg)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
