/**
 * A strict zip reader for tests: walks the central directory from the end record, checks each
 * local header agrees with it, inflates, and checks every size and CRC-32. Throws on anything
 * a real unzip tool would complain about.
 */
import { crc32, inflateRawSync } from 'node:zlib';

export interface ReadEntry {
  name: string;
  data: Buffer;
  method: number;
  flags: number;
  dosDate: number;
}

export function readZip(zip: Buffer): ReadEntry[] {
  const endAt = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0 || endAt !== zip.length - 22) throw new Error('no end of central directory record at the end');
  const count = zip.readUInt16LE(endAt + 10);
  if (zip.readUInt16LE(endAt + 8) !== count) throw new Error('entry counts disagree');
  const size = zip.readUInt32LE(endAt + 12);
  let at = zip.readUInt32LE(endAt + 16);
  if (at + size !== endAt) throw new Error('central directory does not end at the end record');
  const entries: ReadEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`entry ${i}: no central header`);
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const dosDate = zip.readUInt16LE(at + 14);
    const crc = zip.readUInt32LE(at + 16);
    const packed = zip.readUInt32LE(at + 20);
    const unpacked = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (zip.readUInt32LE(localAt) !== 0x04034b50) throw new Error(`${name}: no local header`);
    const localName = zip.subarray(localAt + 30, localAt + 30 + zip.readUInt16LE(localAt + 26)).toString('utf8');
    if (localName !== name) throw new Error(`${name}: local header names ${localName}`);
    if (
      zip.readUInt32LE(localAt + 14) !== crc ||
      zip.readUInt32LE(localAt + 18) !== packed ||
      zip.readUInt16LE(localAt + 8) !== method
    ) {
      throw new Error(`${name}: local header disagrees with the central directory`);
    }
    const start = localAt + 30 + nameLength + zip.readUInt16LE(localAt + 28);
    const body = zip.subarray(start, start + packed);
    const data = method === 8 ? inflateRawSync(body) : method === 0 ? Buffer.from(body) : null;
    if (!data) throw new Error(`${name}: unknown method ${method}`);
    if (data.length !== unpacked) throw new Error(`${name}: ${data.length} bytes, header says ${unpacked}`);
    if (crc32(data) !== crc) throw new Error(`${name}: CRC-32 mismatch`);
    entries.push({ name, data, method, flags, dosDate });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}
