/**
 * Squirrel.Mac (Electron's autoUpdater on macOS) installs only from a server answering its
 * JSON feed. electron-updater solves this with a local server handing Squirrel the zip it has
 * already downloaded and verified; so does this. It listens on loopback under a random path
 * nobody else can guess, serves exactly one file, and closes once Squirrel has it.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';

export interface SquirrelFeed {
  /** Give this to autoUpdater.setFeedURL({ url, serverType: 'json' }). */
  feedUrl: string;
  close(): Promise<void>;
}

export async function serveForSquirrel(zipPath: string, version: string): Promise<SquirrelFeed> {
  const { size } = await stat(zipPath);
  const secret = randomBytes(16).toString('hex');
  const server = createServer((req, res) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/${secret}`;
    if (req.method === 'GET' && req.url === `/${secret}/feed.json`) {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ url: `${base}/update.zip`, name: version }));
      return;
    }
    if (req.method === 'GET' && req.url === `/${secret}/update.zip`) {
      res.writeHead(200, { 'content-type': 'application/zip', 'content-length': size });
      pipeline(createReadStream(zipPath), res).catch(() => res.destroy());
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    feedUrl: `http://127.0.0.1:${port}/${secret}/feed.json`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
