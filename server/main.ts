/** `npm run server`: the platform server as its own process, configured by the environment. */
import { startupFailureText } from './logging/startup-failure';
import { startPlatformServer } from './start';

async function main(): Promise<void> {
  const server = await startPlatformServer({ env: process.env, logger: true });
  server.app.log.info(`GridDesk platform server listening on ${server.url} (docs at ${server.url}/docs)`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal} received, shutting down`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  // A bad configuration is one clear line, not a stack trace; neither quotes a credential.
  console.error(startupFailureText(error, process.env));
  process.exit(1);
});
