// The platform server from dist/ in a child process, for the benches that time it from outside
// (bench:login, bench:startup; plain Node, so this file is JavaScript): a free port to give it,
// the wait for GET /healthz, and its stop.
import { createServer } from 'node:net';

/** A loopback port free right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url`/healthz every `pollMs` until it answers 200; throws if `child` exits first or `deadline` (epoch ms) passes. */
export async function waitHealthy(url, child, deadline, pollMs) {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  throw new Error('server did not become healthy in time');
}

/** SIGTERM, and its exit. */
export async function stopChild(child) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
