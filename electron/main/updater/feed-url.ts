/**
 * Where updates come from: UPDATE_FEED_URL when set (support staff pointing one machine at a
 * test feed), else the generic feed electron-builder baked into resources/app-update.yml from
 * the UPDATE_FEED_URL of the build (checked by the same rule then: build/release-plan.cjs).
 * https only (plain http for this machine alone): the feed names the installer and its SHA-512,
 * so whoever can change it in transit can run code here.
 */
import { isLoopback } from '../server-url';

export type FeedChoice =
  | { source: 'UPDATE_FEED_URL'; url: string }
  /** electron-updater reads the feed from the file itself. */
  | { source: 'app-update.yml' }
  | { source: null; reason: string };

/** The base URL with one trailing slash, or an explanation of why it cannot be used. */
export function checkFeedUrl(raw: string): { url: string } | { error: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { error: `${JSON.stringify(raw)} is not a URL` };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) {
    return { error: `${url.protocol}//${url.host} must use https:// (plain http:// only for 127.0.0.1, localhost or ::1)` };
  }
  if (url.username || url.password) return { error: 'the URL must not carry a user name or password' };
  url.search = '';
  url.hash = '';
  return { url: url.href.replace(/\/*$/, '/') };
}

/** The feed this installation checks, from the environment and whether the build baked one in. */
export function resolveFeedUrl(envValue: string | undefined, hasAppUpdateYml: boolean): FeedChoice {
  const fromEnv = envValue?.trim();
  if (fromEnv) {
    const checked = checkFeedUrl(fromEnv);
    return 'url' in checked
      ? { source: 'UPDATE_FEED_URL', url: checked.url }
      : { source: null, reason: `UPDATE_FEED_URL: ${checked.error}` };
  }
  if (!hasAppUpdateYml) return { source: null, reason: 'no UPDATE_FEED_URL and no app-update.yml (built without a feed)' };
  return { source: 'app-update.yml' };
}

/**
 * The app-update.yml electron-builder writes, for a build made without a feed that is pointed at
 * one by UPDATE_FEED_URL: electron-updater reads its download folder's name (updaterCacheDirName)
 * from that file even when the feed is set in code.
 */
export function appUpdateYml(feedUrl: string): string {
  return `provider: generic\nurl: ${JSON.stringify(feedUrl)}\nupdaterCacheDirName: griddesk-updater\n`;
}
