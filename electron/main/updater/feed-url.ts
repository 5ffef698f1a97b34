/**
 * Where updates come from: UPDATE_FEED_URL when set (support staff pointing one machine at a
 * test feed), else the url electron-builder baked into resources/app-update.yml from the
 * UPDATE_FEED_URL of the build. https only (plain http for this machine alone): the feed names
 * the installer and its SHA-512, so whoever can change it in transit can run code here.
 */
import { isLoopback } from '../server-url';
import { parseYamlSubset } from './yaml-subset';

export type FeedSource = 'UPDATE_FEED_URL' | 'app-update.yml';

export type FeedUrl = { url: string; source: FeedSource } | { url: null; reason: string };

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

/** The feed this installation checks, from the environment and the baked app-update.yml. */
export function resolveFeedUrl(envValue: string | undefined, appUpdateYml: string | null): FeedUrl {
  const fromEnv = envValue?.trim();
  if (fromEnv) {
    const checked = checkFeedUrl(fromEnv);
    return 'url' in checked ? { url: checked.url, source: 'UPDATE_FEED_URL' } : { url: null, reason: `UPDATE_FEED_URL: ${checked.error}` };
  }
  if (appUpdateYml === null) return { url: null, reason: 'no UPDATE_FEED_URL and no app-update.yml (built without a feed)' };
  let baked: unknown;
  try {
    const doc = parseYamlSubset(appUpdateYml);
    if (doc.provider !== 'generic') return { url: null, reason: `app-update.yml names provider ${JSON.stringify(doc.provider ?? null)}, not generic` };
    baked = doc.url;
  } catch (error) {
    return { url: null, reason: `app-update.yml is not readable (${(error as Error).message})` };
  }
  if (typeof baked !== 'string') return { url: null, reason: 'app-update.yml has no url' };
  const checked = checkFeedUrl(baked);
  return 'url' in checked ? { url: checked.url, source: 'app-update.yml' } : { url: null, reason: `app-update.yml: ${checked.error}` };
}

/** A file of the feed: names resolve beside latest.yml, absolute URLs stay as they are. */
export function feedFileUrl(feedUrl: string, name: string): string {
  return new URL(name, feedUrl).href;
}
