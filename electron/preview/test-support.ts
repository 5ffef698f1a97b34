/**
 * How a non-browser test caller gets into the preview host: as a browser would, it opens the
 * one-time launch link and keeps the cookie that answer sets.
 */
import type { PreviewHost } from './host';

/** `name=value` for a Cookie header; spends the host's current launch link. */
export async function launchCookie(host: Pick<PreviewHost, 'launchUrl'>): Promise<string> {
  const res = await fetch(host.launchUrl(), { redirect: 'manual' });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (res.status !== 303 || !cookie)
    throw new Error(`The launch link answered ${res.status} without a cookie.`);
  return cookie;
}
