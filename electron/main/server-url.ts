/**
 * GRIDDESK_SERVER_URL, checked before the desktop sends a password, a session token or an
 * exchange secret to it: https, or plain http only to this machine (loopback), where nothing
 * crosses a network.
 */
import { isIP } from 'node:net';
import { ConfigError } from '../../server/embed';

/** True for localhost, ::1 and 127.0.0.0/8: addresses that never leave this machine. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/** The URL without trailing slashes; throws ConfigError naming the variable otherwise. */
export function remoteServerUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`Invalid configuration: GRIDDESK_SERVER_URL must be an https:// URL (got ${JSON.stringify(raw)})`);
  }
  const plainLocal = url.protocol === 'http:' && isLoopback(url.hostname);
  if (url.protocol !== 'https:' && !plainLocal) {
    throw new ConfigError(
      `Invalid configuration: GRIDDESK_SERVER_URL must use https:// (plain http:// is allowed only for 127.0.0.1, localhost or ::1; got ${JSON.stringify(raw)})`,
    );
  }
  return raw.replace(/\/+$/, '');
}
