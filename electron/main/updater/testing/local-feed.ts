/**
 * An update feed on loopback (node:http): files by path, the way a generic provider serves
 * latest.yml and the installers beside it. Records each request path.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalFeed {
  /** The feed's base URL, ending in '/'. */
  url: string;
  requests: string[];
  /** Serves `body` at `/<name>`; status 200 unless given. */
  put(name: string, body: string | Buffer, status?: number): void;
  close(): Promise<void>;
}

export async function startLocalFeed(): Promise<LocalFeed> {
  const files = new Map<string, { body: Buffer; status: number }>();
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    requests.push(path);
    const file = files.get(path);
    if (!file) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(file.status, { 'content-length': file.body.length }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    put(name, body, status = 200) {
      files.set(`/${name}`, { body: Buffer.from(body), status });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sha512Base64(body: string | Buffer): string {
  return createHash('sha512').update(body).digest('base64');
}

/** A latest.yml as electron-builder writes it (js-yaml dump, the same serializer). */
export function latestYml(version: string, files: { url: string; body: string | Buffer }[], releaseNotes?: string): string {
  const lines = [`version: ${version}`, 'files:'];
  for (const file of files) {
    lines.push(`  - url: ${file.url}`, `    sha512: ${sha512Base64(file.body)}`, `    size: ${Buffer.byteLength(file.body)}`);
  }
  lines.push(`path: ${files[0]!.url}`, `sha512: ${sha512Base64(files[0]!.body)}`, "releaseDate: '2026-11-27T10:00:00.000Z'");
  if (releaseNotes !== undefined) {
    lines.push('releaseNotes: |-', ...releaseNotes.split('\n').map((l) => (l ? `  ${l}` : '')));
  }
  return `${lines.join('\n')}\n`;
}

/** The feed file electron-updater's Linux updaters read on this machine. */
export const LINUX_CHANNEL_FILE = process.arch === 'x64' ? 'latest-linux.yml' : `latest-linux-${process.arch}.yml`;

/**
 * A stand-in AppImage of `version`: a shell script that, run the way electron-updater runs a
 * newly installed AppImage, writes the APPIMAGE_EXIT_AFTER_INSTALL it was given to `<itself>.ran`.
 */
export function appImageScript(version: string): string {
  return `#!/bin/sh\n# GridDesk ${version}\necho "$APPIMAGE_EXIT_AFTER_INSTALL" > "$0.ran"\n`;
}

/** Publishes an AppImage release as electron-builder lays it out on the feed; returns its body. */
export function publishAppImage(feed: LocalFeed, version: string, options: { notes?: string; served?: string } = {}): string {
  const body = appImageScript(version);
  const name = `GridDesk-${version}-x86_64.AppImage`;
  feed.put(LINUX_CHANNEL_FILE, latestYml(version, [{ url: name, body }], options.notes));
  // `served` differs from what latest-linux.yml describes: a corrupt or altered download.
  feed.put(name, options.served ?? body);
  return body;
}
