/** `npm run server`: the platform server as its own process, configured by the environment. */
import { startupFailureText } from './logging/startup-failure';
import { closeWithin, SHUTDOWN_DEADLINE_MS } from './shutdown';
import { startPlatformServer } from './start';

async function main(): Promise<void> {
  const server = await startPlatformServer({ env: process.env, logger: true });
  server.app.log.info(`GridDesk platform server listening on ${server.url} (docs at ${server.url}/docs)`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal} received, shutting down (at most ${SHUTDOWN_DEADLINE_MS / 1000} s)`);
    void closeWithin(
      () => server.close(),
      () => server.closePending(),
      SHUTDOWN_DEADLINE_MS,
    ).then((outcome) => {
      if (outcome.kind === 'done') {
        server.app.log.info('shut down');
        process.exit(0);
      }
      if (outcome.kind === 'failed') server.app.log.error({ err: outcome.error }, 'shutdown failed');
      else
        server.app.log.error(
          { pending: outcome.pending },
          `shutdown did not finish within ${SHUTDOWN_DEADLINE_MS / 1000} s; exiting with: ${outcome.pending.join(', ')} still pending`,
        );
      process.exit(1);
    });
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  // A bad configuration is one clear line, not a stack trace; neither quotes a credential.
  console.error(startupFailureText(error, process.env));
  process.exit(1);
});
