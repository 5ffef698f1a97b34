import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UI } from '../../../common/messages';
import { cycleCommands, cycles } from '../../db/schema';
import { databaseTargets } from '../../testing/databases';
import { register, type Registered } from '../../testing/members';
import { createTestServer, type TestServer } from '../../testing/server';
import { editCycle } from './edit';
import { stopCycle } from './stop';
import { startCycleTestEngine } from '../../engine/testing/cycle-commands';
import { insertCycle } from './testing/fixtures';

const targets = await databaseTargets();
const shortWait = { intervalMs: 10, timeoutMs: 150 };

describe.each(targets)('cycle commands on $name', (target) => {
  let server: TestServer;
  let alice: Registered;
  beforeAll(async () => {
    server = await createTestServer(target);
    alice = await register(server);
  });
  afterAll(() => server?.close());

  const deps = () => server.app.deps;
  const commandsOf = (cycleId: string) =>
    server.database.db.select().from(cycleCommands).where(eq(cycleCommands.runnableId, cycleId));

  it('answers with the success message when no engine applies the command in time, leaving it pending', async () => {
    const cycle = await insertCycle(server.database.db, alice.userId);
    expect(await stopCycle(deps(), alice.userId, cycle.id, shortWait)).toEqual({ message: UI.cycleStopped });
    const [command] = await commandsOf(cycle.id);
    expect([command!.kind, command!.appliedAt, command!.result]).toEqual(['stop', null, null]);
    // The engine owns the status: the cycle is still Live until it applies the stop.
    expect((await server.database.db.select().from(cycles).where(eq(cycles.id, cycle.id)))[0]!.status).toBe('Live');
  });

  it('returns as soon as the engine applies the command, with its result', async () => {
    const cycle = await insertCycle(server.database.db, alice.userId, { symbol: 'ETHUSDT' });
    const engine = startCycleTestEngine(server.database.db, () => 'ok', 5);
    // A wait far longer than the test may run: only the engine's verdict can end it.
    const longWait = { intervalMs: 10, timeoutMs: 3_600_000 };
    try {
      const edit = { buyPrice: '90', sellPrice: '100', stopLoss: '85', noOfCycle: 2 };
      expect(await editCycle(deps(), alice.userId, cycle.id, edit, longWait)).toEqual({ message: UI.cycleUpdated });
      const [command] = await commandsOf(cycle.id);
      expect([command!.kind, command!.appliedAt, command!.result]).toEqual(['settings', expect.any(Date), 'ok']);
    } finally {
      engine.stop();
    }
  });
});
