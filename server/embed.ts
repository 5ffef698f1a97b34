/**
 * The platform server as the desktop embeds it: the one door electron/ goes through (boundary
 * rule electron-only-through-embed), so what the desktop depends on is this list, not the
 * server's layout. Main and the browser preview need to start the server, read its
 * configuration errors and secrets key, print its start banner and list the development outbox.
 * The server loads only when started: a main module that needs only ConfigError does not load
 * it. The browser preview's local test chain is not here: it is development tooling (ganache),
 * which the packaged app must not bundle (electron/preview/local-chain.ts imports it itself).
 */
import type { PlatformServer, StartOptions } from './start';

export { ConfigError, decodeSecretsKey } from './config/config';
export { secretsKeyId } from './config/secrets-key-id';
export { startBlock, type StartBlockInput } from './start-block';
export { listOutbox, type OutboxMail } from './mail/outbox';
export type { PlatformServer, StartOptions };

/** Starts the platform server in this process (server/start.ts). */
export async function startPlatformServer(options?: StartOptions): Promise<PlatformServer> {
  const { startPlatformServer: start } = await import('./start');
  return start(options);
}
