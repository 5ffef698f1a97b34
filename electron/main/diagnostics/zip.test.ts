import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readZip } from './testing/read-zip';
import { createZip } from './zip';

describe('createZip', () => {
  it('writes entries a strict reader gets back byte for byte, deflated or stored', () => {
    const text = 'GridDesk log line\n'.repeat(2000);
    const random = randomBytes(5000);
    const zip = createZip([
      { name: 'versions.json', data: '{"app":"0.1.0"}' },
      { name: 'logs/main.log', data: text },
      { name: 'logs/main.old.log.gz', data: random },
      { name: 'réglages/ü.txt', data: 'utf-8 names' },
      { name: 'empty.txt', data: '' },
    ]);
    const entries = readZip(zip);
    expect(entries.map((e) => e.name)).toEqual([
      'versions.json',
      'logs/main.log',
      'logs/main.old.log.gz',
      'réglages/ü.txt',
      'empty.txt',
    ]);
    expect(entries[1]!.data.toString()).toBe(text);
    expect(entries[1]!.method).toBe(8);
    expect(entries[2]!.data.equals(random)).toBe(true);
    expect(entries[2]!.method).toBe(0);
    expect(entries[3]!.data.toString()).toBe('utf-8 names');
    // The one name outside ASCII is marked UTF-8 (bit 11), so unzip tools show it right.
    expect(entries[3]!.flags & 0x0800).toBe(0x0800);
    expect(zip.length).toBeLessThan(text.length);
  });

  it('dates entries in MS-DOS form', () => {
    const [entry] = readZip(createZip([{ name: 'a.txt', data: 'a', modified: new Date(2026, 10, 27, 8, 44, 10) }]));
    expect(entry!.dosDate).toBe(((2026 - 1980) << 9) | (11 << 5) | 27);
  });

  it('writes an empty archive', () => {
    expect(readZip(createZip([]))).toEqual([]);
  });

  it('refuses a name twice', () => {
    expect(() =>
      createZip([
        { name: 'a.txt', data: 'x' },
        { name: 'a.txt', data: 'y' },
      ]),
    ).toThrow(/twice/);
  });

  it.each(['/etc/passwd', '../up.txt', 'a/../../b', 'a\\b', ''])('refuses the name %j', (name) => {
    expect(() => createZip([{ name, data: 'x' }])).toThrow(/relative path/);
  });
});
