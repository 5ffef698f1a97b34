/**
 * A newcomer's first run: the platform server started on an empty embedded database in
 * simulator mode gives the demo member simulator keys and one running bot on the system
 * strategy, which the engine trades at once; a later start adds nothing, and DEMO_TRADING=false
 * leaves the demo member without a bot. Through startPlatformServer, as the desktop starts it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveBot } from '../common/api/bots';
import { DEMO_MEMBER } from './modules/demo/seed';
import { startPlatformServer, type PlatformServer } from './start';
import { seedPgliteDataDir } from './testing/pglite-templates';

let dir: string;
const started: PlatformServer[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'griddesk-first-run-'));
});
afterAll(async () => {
  for (const server of started) await server.close().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

/**
 * A new DATA_DIR holding the migrated, empty database a packaged app unpacks from its bundled
 * template on a first start (from source there is none, and initdb would cost seconds).
 */
async function freshDataDir(name: string): Promise<string> {
  const dataDir = join(dir, name);
  await seedPgliteDataDir(dataDir);
  return dataDir;
}

async function start(dataDir: string, env: Record<string, string> = {}): Promise<PlatformServer> {
  const server = await startPlatformServer({
    env: { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env },
  });
  started.push(server);
  return server;
}

async function demoBots(server: PlatformServer): Promise<LiveBot[]> {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_MEMBER.email, password: DEMO_MEMBER.password }),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${server.url}/api/botstatus`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as LiveBot[];
}

describe('the first embedded start in simulator mode', () => {
  it('gives the demo member one running bot on the system strategy, which buys grid 1 at once; a restart adds none', async () => {
    const dataDir = await freshDataDir('first');
    const first = await start(dataDir);
    // One engine per kind of runnable (engine-ports.ts), each running its kind's table.
    expect([...first.engines].map(([name, engine]) => [name, engine.kind])).toEqual([
      ['bots', 'bots'],
      ['cycles', 'cycles'],
    ]);
    const [bot, ...others] = await demoBots(first);
    expect(others).toEqual([]);
    expect(bot).toMatchObject({
      name: 'BTCUSDT',
      category: 'Spot',
      strategy_name: 'System Strategy',
      status: 'Live',
      total_grid: 10,
    });
    await expect
      .poll(async () => (await demoBots(first))[0]!.trades24h, { timeout: 20_000, interval: 250 })
      .toBeGreaterThanOrEqual(1);
    await first.close();

    const again = await start(dataDir);
    expect((await demoBots(again)).map((b) => b.id)).toEqual([bot!.id]);
    await again.close();
  });

  it('leaves the demo member without a bot when DEMO_TRADING=false', async () => {
    const server = await start(await freshDataDir('no-demo-trading'), { DEMO_TRADING: 'false' });
    expect(await demoBots(server)).toEqual([]);
    await server.close();
  });
});
