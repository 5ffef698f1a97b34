/**
 * One update check: fetch the feed file for this platform, read it, and decide. Never throws:
 * a feed that is down, slow or broken is an outcome with one line for the log, and the app
 * carries on with the version it has.
 */
import { checkFeedUrl, feedFileUrl } from './feed-url';
import { channelFile, downloadFile, installFile, type UpdateTarget } from './target';
import { MalformedFeedError, parseUpdateInfo, type UpdateFile, type UpdateInfo } from './update-info';
import { compareVersions, parseVersion } from './version';

/** A feed file with its absolute URL. */
export interface FeedFile extends UpdateFile {
  href: string;
}

export type CheckOutcome =
  | {
      kind: 'update';
      version: string;
      releaseNotes: string | null;
      /** What this installation installs by itself; null when it cannot (deb, unpackaged). */
      install: FeedFile | null;
      /** What the member can download by hand, the fallback when installing fails. */
      download: FeedFile | null;
    }
  | { kind: 'current'; version: string; reason: 'same' | 'older' | 'prerelease' }
  | { kind: 'failed'; reason: 'unreachable' | 'http-status' | 'too-large' | 'malformed' | 'no-file'; message: string };

export interface CheckOptions {
  /** The feed's base URL (checkFeedUrl). */
  feedUrl: string;
  currentVersion: string;
  target: UpdateTarget;
  /** Electron's net.fetch in the app (system proxy settings); global fetch in tests. */
  fetch: typeof fetch;
  timeoutMs?: number;
}

/** A feed file is a few hundred bytes (release notes included); more is not a feed. */
const MAX_FEED_BYTES = 256 * 1024;

/** Compares the feed's release with the running version. Pure. */
export function decideUpdate(currentVersion: string, info: UpdateInfo, target: UpdateTarget, feedUrl: string): CheckOutcome {
  const current = parseVersion(currentVersion);
  if (!current) return { kind: 'failed', reason: 'malformed', message: `the running version ${currentVersion} is not a semantic version` };
  const order = compareVersions(info.parsedVersion, current);
  if (order === 0) return { kind: 'current', version: info.version, reason: 'same' };
  // Never offer a downgrade: a feed rolled back is fixed by publishing a higher version.
  if (order < 0) return { kind: 'current', version: info.version, reason: 'older' };
  // Pre-releases reach only installations already on a pre-release (electron-updater's rule).
  if (info.parsedVersion.prerelease.length > 0 && current.prerelease.length === 0) {
    return { kind: 'current', version: info.version, reason: 'prerelease' };
  }
  const resolve = (file: UpdateFile | null): FeedFile | null => (file ? { ...file, href: feedFileUrl(feedUrl, file.url) } : null);
  const install = resolve(installFile(info.files, target));
  const download = resolve(downloadFile(info.files, target));
  // The download is opened in the browser and the installer fetched: https only, like the feed
  // (a feed naming a file: or smb: URL would have the member open anything).
  const unsafe = [install, download].find((file) => file && 'error' in checkFeedUrl(file.href));
  if (unsafe) return { kind: 'failed', reason: 'malformed', message: `${info.version} names ${unsafe.url}, not an https URL` };
  if (!install && !download) {
    return { kind: 'failed', reason: 'no-file', message: `${info.version} lists no file for ${target.platform} ${target.arch} (${target.kind})` };
  }
  return { kind: 'update', version: info.version, releaseNotes: info.releaseNotes, install: target.kind === 'manual' ? null : install, download };
}

async function readCapped(response: Response, max: number): Promise<string | null> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (!response.body) return '';
  for await (const chunk of response.body) {
    total += chunk.byteLength;
    if (total > max) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Fetches and decides; every failure is an outcome, never an exception. */
export async function checkForUpdate(options: CheckOptions): Promise<CheckOutcome> {
  const url = feedFileUrl(options.feedUrl, channelFile(options.target.platform, options.target.arch));
  let text: string | null;
  try {
    const response = await options.fetch(url, {
      headers: { 'cache-control': 'no-cache', accept: 'application/x-yaml, text/yaml, text/plain, */*' },
      redirect: 'follow',
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return { kind: 'failed', reason: 'http-status', message: `${url} answered ${response.status}` };
    }
    text = await readCapped(response, MAX_FEED_BYTES);
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { kind: 'failed', reason: 'unreachable', message: `${url}: ${cause ?? (error as Error).message}` };
  }
  if (text === null) return { kind: 'failed', reason: 'too-large', message: `${url} is over ${MAX_FEED_BYTES} bytes` };
  try {
    return decideUpdate(options.currentVersion, parseUpdateInfo(text), options.target, options.feedUrl);
  } catch (error) {
    if (error instanceof MalformedFeedError) return { kind: 'failed', reason: 'malformed', message: `${url}: ${error.message}` };
    throw error;
  }
}
