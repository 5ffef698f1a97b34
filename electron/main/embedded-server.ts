/**
 * The platform server main talks to: GRIDDESK_SERVER_URL when set (a remote server, https only),
 * else the server started in this process. Plain Node, shared by Electron main and the preview.
 */
import { resolve } from 'node:path';
import { startPlatformServer, type StartOptions } from '../../server/embed';
import { remoteServerUrl } from './server-url';

export interface PlatformTarget {
  url: string;
  /** True when this process started the server (and so owns its outbox). */
  embedded: boolean;
  /** The embedded server's DATA_DIR; null for a remote server. */
  dataDir: string | null;
  close(): Promise<void>;
}

export interface PlatformTargetOptions {
  env: Record<string, string | undefined>;
  /** DATA_DIR for the embedded server. */
  dataDir: string;
  /** PORT for the embedded server; '0' picks a free one. */
  port: string;
  logger?: boolean | object;
  /**
   * The embedded server's SECRETS_KEY (Electron: wrapped by the OS keychain, see
   * secrets-key/). Not asked for a remote server, nor when SECRETS_KEY is set explicitly; without
   * it the server keeps its key in DATA_DIR/secrets.json (the preview).
   */
  secretsKey?: (dataDir: string) => Promise<Buffer>;
  /** Tests replace the server. */
  start?: (options: StartOptions) => Promise<{ url: string; close(): Promise<void> }>;
}

export async function startPlatformTarget(options: PlatformTargetOptions): Promise<PlatformTarget> {
  const remote = options.env.GRIDDESK_SERVER_URL?.trim();
  if (remote) {
    return {
      url: remoteServerUrl(remote),
      embedded: false,
      dataDir: null,
      close: async () => undefined,
    };
  }
  const dataDir = resolve(options.dataDir);
  const start = options.start ?? startPlatformServer;
  // Handed over in the server's own env object, never process.env: no child process inherits it.
  const secretsKey =
    options.secretsKey && !options.env.SECRETS_KEY?.trim()
      ? { SECRETS_KEY: (await options.secretsKey(dataDir)).toString('hex') }
      : {};
  // The embedded server listens on loopback only: it serves this desktop, nobody else.
  const server = await start({
    env: { ...options.env, ...secretsKey, DATA_DIR: dataDir, PORT: options.port, HOST: '127.0.0.1' },
    logger: options.logger ?? false,
    // It serves one desktop: a line per request would bury what its terminal is for.
    requestLog: 'quiet',
  });
  return { url: server.url, embedded: true, dataDir, close: () => server.close() };
}

/**
 * The keychain entry for a server. The embedded server gets a new port on every start, so it
 * is named by role rather than URL, or the member would be signed out after each restart.
 */
export function keychainAccount(target: Pick<PlatformTarget, 'embedded' | 'url'>): string {
  return target.embedded ? 'embedded' : target.url;
}
