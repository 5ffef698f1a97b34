/**
 * `npm run preview` (dist/scripts/preview.js): the platform server (remote via
 * GRIDDESK_SERVER_URL, else in this process on DATA_DIR and PORT), then the preview host on
 * PREVIEW_PORT serving the built renderer with main's handlers bridged in. It prints a one-time
 * launch link (launch-secret.ts): only the browser that opens it is let in, so other local
 * processes, which can reach the port but not this terminal, cannot act as the member.
 *
 * Under `npm run dev` (scripts/dev.mjs sets GRIDDESK_DEV_SERVER_URL) the page comes from Vite's
 * dev server, and the link and the sign-in are kept in DATA_DIR/preview across the restarts
 * that follow a server or main change (dev-secret.ts, dev-keychain.ts).
 */
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, startBlock } from '../../server/embed';
import { localChainEnv, startPreviewChain, type PreviewChain } from './local-chain';
import { startPlatformTarget, type PlatformTarget } from '../main/embedded-server';
import { startPreviewHost, type PreviewHost, type PreviewHostOptions } from './host';
import { OUTBOX_PATH } from './bridge-script';
import { launchCommand } from './launch-command';
import { keptDevelopmentSecret } from './dev-secret';
import { createDevelopmentKeychain } from './dev-keychain';

const HOST = '127.0.0.1';
const bundleDir = dirname(fileURLToPath(import.meta.url));

type Env = NodeJS.ProcessEnv;

/** What the preview reads of its environment before it starts anything. */
interface PreviewSettings {
  previewPort: number;
  dataDir: string;
  command: string;
  devServerUrl: string | null;
  previewDir: string;
}

function readSettings(env: Env): PreviewSettings {
  const previewPort = Number(env.PREVIEW_PORT ?? 5173);
  if (!Number.isInteger(previewPort) || previewPort < 0 || previewPort > 65_535) {
    throw new ConfigError(`PREVIEW_PORT must be a port number (0-65535), got "${env.PREVIEW_PORT}"`);
  }
  const dataDir = resolve(env.DATA_DIR ?? './.data');
  return {
    previewPort,
    dataDir,
    command: launchCommand(env),
    devServerUrl: env.GRIDDESK_DEV_SERVER_URL?.trim() || null,
    previewDir: join(dataDir, 'preview'),
  };
}

async function main(): Promise<void> {
  const env = process.env;
  const settings = readSettings(env);
  // Deposits and withdrawals work in the preview too: a local BEP-20 chain kept in DATA_DIR.
  const chain: PreviewChain | null = await startPreviewChain(env, settings.dataDir);
  let target: PlatformTarget;
  try {
    target = await startServer(env, settings, chain);
  } catch (error) {
    await chain?.stop();
    throw error;
  }
  let host: PreviewHost;
  try {
    host = await startPreviewHost(await hostOptions(env, settings, target));
  } catch (error) {
    await target.close();
    await chain?.stop();
    throw error;
  }

  // Last, after the server's log lines: what a person needs to begin.
  for (const line of startBlock({
    command: settings.command,
    stableLink: settings.devServerUrl !== null,
    launchUrl: host.launchUrl(),
    serverUrl: target.url,
    outboxUrl: target.dataDir ? `${host.url}${OUTBOX_PATH}` : null,
    chainRpcUrl: chain?.chain.rpcUrl ?? null,
    demoLogin: target.embedded && (env.EXCHANGE?.trim() || 'sim') === 'sim',
  }))
    console.log(line);
  stopOnSignals(host, target, chain);
}

/** The platform server: remote, or in this process with the local chain's variables. */
function startServer(env: Env, settings: PreviewSettings, chain: PreviewChain | null): Promise<PlatformTarget> {
  // Reset mails link to the page the member is looking at, not to the desktop app.
  const appWebUrl = env.APP_WEB_URL ?? `http://${HOST}:${settings.previewPort}`;
  return startPlatformTarget({
    env: { ...env, ...(chain ? localChainEnv(chain.chain) : {}), APP_WEB_URL: appWebUrl },
    dataDir: settings.dataDir,
    port: env.PORT ?? '8080',
    logger: true,
  });
}

/** Under `npm run dev` the launch link and the sign-in are kept across restarts. */
async function hostOptions(env: Env, settings: PreviewSettings, target: PlatformTarget): Promise<PreviewHostOptions> {
  const { command, devServerUrl, previewDir } = settings;
  return {
    serverUrl: target.url,
    rendererDir: env.RENDERER_DIR ?? join(bundleDir, '..', 'renderer'),
    port: settings.previewPort,
    host: HOST,
    settingsDir: previewDir,
    command,
    devServerUrl,
    ...(devServerUrl
      ? {
          keptSecret: await keptDevelopmentSecret(join(previewDir, 'dev-launch.json')),
          keychain: createDevelopmentKeychain(join(previewDir, 'dev-keychain.json')),
        }
      : {}),
    serverDataDir: target.dataDir ?? undefined,
    version: env.npm_package_version,
    // The development link stays the same: nothing new to say.
    onLaunch: (next) =>
      devServerUrl ? undefined : console.log(`GridDesk preview: launch link used. For another browser (works once): ${next}`),
  };
}

/** SIGINT or SIGTERM: the host and the server close, then the chain stops, then the process exits. */
function stopOnSignals(host: PreviewHost, target: PlatformTarget, chain: PreviewChain | null): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    Promise.all([host.close(), target.close()])
      .then(() => chain?.stop())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('GridDesk preview: shutdown failed', error);
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('GridDesk preview failed to start:', error);
  process.exit(1);
});
