// Draws the GridDesk logo (a grid with a rising price line on a dark rounded square) and
// writes build/icon.png (512x512) and build/icons/<n>x<n>.png. Plain Node: node:zlib for the
// PNG, 4x4 supersampling for smooth edges. The output is committed; rerun after a change:
//   node scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZES = [16, 24, 32, 48, 64, 128, 256, 512];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// The logo in unit coordinates (0..1).
const BG_TOP = [16, 42, 77];
const BG_BOTTOM = [8, 20, 40];
const GRID = [64, 110, 160];
const LINE = [45, 212, 191];
const RADIUS = 0.2;
const PRICE = [
  [0.18, 0.72],
  [0.36, 0.52],
  [0.5, 0.62],
  [0.66, 0.36],
  [0.82, 0.24],
];

function insideRoundedSquare(x, y) {
  const m = 0.04;
  const dx = Math.max(m + RADIUS - x, 0, x - (1 - m - RADIUS));
  const dy = Math.max(m + RADIUS - y, 0, y - (1 - m - RADIUS));
  return dx * dx + dy * dy <= RADIUS * RADIUS;
}
function distToSegment(x, y, [ax, ay], [bx, by]) {
  const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
  return Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay)));
}
function sample(x, y) {
  if (!insideRoundedSquare(x, y)) return null;
  const line = PRICE.slice(1).some((p, i) => distToSegment(x, y, PRICE[i], p) < 0.035);
  const dot = Math.hypot(x - 0.82, y - 0.24) < 0.06;
  if (line || dot) return LINE;
  const onGrid = [0.2, 0.4, 0.6, 0.8].some((g) => Math.abs(x - g) < 0.012 || Math.abs(y - g) < 0.012);
  if (onGrid && x > 0.14 && x < 0.86 && y > 0.14 && y < 0.86) return GRID;
  return BG_TOP.map((c, i) => Math.round(c + (BG_BOTTOM[i] - c) * y));
}

function draw(size) {
  const rgba = Buffer.alloc(size * size * 4);
  const ss = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const color = sample((px + (sx + 0.5) / ss) / size, (py + (sy + 0.5) / ss) / size);
          if (!color) continue;
          acc[0] += color[0];
          acc[1] += color[1];
          acc[2] += color[2];
          acc[3] += 1;
        }
      }
      const o = (py * size + px) * 4;
      if (acc[3] > 0) {
        rgba[o] = Math.round(acc[0] / acc[3]);
        rgba[o + 1] = Math.round(acc[1] / acc[3]);
        rgba[o + 2] = Math.round(acc[2] / acc[3]);
      }
      rgba[o + 3] = Math.round((acc[3] / (ss * ss)) * 255);
    }
  }
  return png(size, rgba);
}

mkdirSync('build/icons', { recursive: true });
for (const size of SIZES) writeFileSync(`build/icons/${size}x${size}.png`, draw(size));
writeFileSync('build/icon.png', draw(512));
console.log(`wrote build/icon.png and build/icons/{${SIZES.map((s) => `${s}x${s}`).join(',')}}.png`);
