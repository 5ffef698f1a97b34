import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveForSquirrel, type SquirrelFeed } from './squirrel-feed';

let dir: string;
let served: SquirrelFeed;
const ZIP = Buffer.from('PK\x03\x04 a verified update');

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'griddesk-squirrel-'));
  await writeFile(join(dir, 'GridDesk-0.2.0-arm64.zip'), ZIP);
  served = await serveForSquirrel(join(dir, 'GridDesk-0.2.0-arm64.zip'), '0.2.0');
});
afterEach(async () => {
  await served.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the feed handed to Squirrel.Mac', () => {
  it('answers the JSON feed naming the zip, and serves the zip', async () => {
    expect(served.feedUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{32}\/feed\.json$/);
    const feed = (await (await fetch(served.feedUrl)).json()) as { url: string; name: string };
    expect(feed).toEqual({ url: served.feedUrl.replace('feed.json', 'update.zip'), name: '0.2.0' });
    const zip = await fetch(feed.url);
    expect(zip.headers.get('content-length')).toBe(String(ZIP.length));
    expect(Buffer.from(await zip.arrayBuffer()).equals(ZIP)).toBe(true);
  });

  it('serves nothing outside its secret path', async () => {
    const base = new URL(served.feedUrl).origin;
    for (const path of ['/', '/feed.json', '/update.zip', `/${'0'.repeat(32)}/update.zip`]) {
      expect((await fetch(base + path)).status).toBe(404);
    }
    expect((await fetch(served.feedUrl, { method: 'POST' })).status).toBe(404);
  });
});
