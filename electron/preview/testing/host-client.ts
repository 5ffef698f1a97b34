/**
 * How a non-browser test caller gets into the preview host: as a browser would, it opens the
 * one-time launch link and keeps the cookie that answer sets.
 */
import { request } from 'node:http';
import type { PreviewHost } from '../host';

/** `name=value` for a Cookie header; spends the host's current launch link. */
export async function launchCookie(host: Pick<PreviewHost, 'launchUrl'>): Promise<string> {
  const res = await fetch(host.launchUrl(), { redirect: 'manual' });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (res.status !== 303 || !cookie) throw new Error(`The launch link answered ${res.status} without a cookie.`);
  return cookie;
}

export interface PageEvent {
  event: string;
  data: unknown;
}

export interface PageEventStream {
  /** Every named event so far, in order of arrival. */
  received: PageEvent[];
  /** The first event of the stream, once it has come. */
  first(): Promise<PageEvent>;
  close(): void;
}

/**
 * Opens the page's event stream (SSE) as the app page does, and resolves once the host has
 * answered it, so what a test does next is already delivered to this stream.
 */
export function openPageEvents(host: Pick<PreviewHost, 'url'>, cookie: string): Promise<PageEventStream> {
  const received: PageEvent[] = [];
  const waiting: ((event: PageEvent) => void)[] = [];
  return new Promise((resolve, reject) => {
    const req = request(`${host.url}/__griddesk/events`, { headers: { cookie } }, (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let match: RegExpExecArray | null;
        while ((match = /event: (.+)\ndata: (.+)\n\n/.exec(buffer))) {
          received.push({ event: match[1]!, data: JSON.parse(match[2]!) });
          buffer = buffer.slice(match.index + match[0].length);
          for (const wake of waiting.splice(0)) wake(received[0]!);
        }
      });
      resolve({
        received,
        first: () => (received.length > 0 ? Promise.resolve(received[0]!) : new Promise((wake) => waiting.push(wake))),
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}
