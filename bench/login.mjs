// npm run bench:login — POST /api/login throughput and latency with 50 concurrent clients
// (autocannon, ~10 s) against the bundled server on a fresh DATA_DIR, whose first embedded
// start seeds the demo member. The rate limit is raised for the run; argon2 keeps the
// production cost. Before the server starts, the same machine's argon2 ceiling is measured
// (verify calls alone, as many in flight as libuv's pool runs), so the report can say how much
// of a login is the hash: loginToArgon2Ceiling near 1 means nothing else is worth optimising.
// Prints one JSON document.
import { hash, verify } from '@node-rs/argon2';
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_ARGON2 } from '../server/config/config.ts';
import { freePort, stopChild, waitHealthy } from './support/dist-server.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

/** argon2id verifies per second with `inFlight` concurrent calls for ~`seconds`. */
async function argon2Ceiling(inFlight, seconds) {
  const phc = await hash('demo1234', { algorithm: 2, ...DEFAULT_ARGON2 }); // 2: Argon2id
  let done = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < until) {
        await verify(phc, 'demo1234');
        done += 1;
      }
    }),
  );
  return Math.round((done / ((performance.now() - started) / 1000)) * 10) / 10;
}

const ceiling = await argon2Ceiling(Number(process.env.UV_THREADPOOL_SIZE ?? 4), 3);
const dataDir = await mkdtemp(join(tmpdir(), 'griddesk-bench-login-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, ['dist/server/main.js'], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000000',
    RATE_LIMIT_LOGIN_IP_MAX: '1000000000',
    LOGIN_FREE_FAILURES: '1000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  await waitHealthy(url, child, Date.now() + 60_000, 20);
  const body = JSON.stringify({ email: 'demo@griddesk.local', password: 'demo1234' });
  const probe = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  if (probe.status !== 200) throw new Error(`demo login failed: ${probe.status} ${await probe.text()}`);
  const result = await autocannon({
    url: `${url}/api/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  console.log(
    JSON.stringify(
      {
        benchmark: 'login',
        node: process.version,
        cpus: cpus().length,
        connections: CONNECTIONS,
        durationS: DURATION_S,
        argon2: { algorithm: 'argon2id', ...DEFAULT_ARGON2 },
        argon2VerifiesPerSecond: ceiling,
        requestsPerSecond: { average: result.requests.average, p50: result.requests.p50 },
        loginToArgon2Ceiling: Math.round((result.requests.average / ceiling) * 100) / 100,
        latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
        total: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
      },
      null,
      2,
    ),
  );
} finally {
  await stopChild(child);
  await rm(dataDir, { recursive: true, force: true });
}
