import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { SimulatorOptions } from '../../../sim/index';
import type { DatabaseTarget } from '../../testing/databases';
import { EngineHarness } from './harness';

/**
 * The harnesses of a describe's tests (issue 35). `shared()`: one harness whose server, database
 * and simulator are built once (beforeAll; a harness costs about 1.5 s on PGlite), where each
 * test gets a member of its own (keys on a simulator account of its own, the test strategy) and
 * starts runnables of its own; after each, EngineHarness.endTest stops its engines and ends what
 * it left running. The simulator's prices are shared: a test sets the start price of its pair
 * before an engine takes its runnable on (as withBot does). `own()`: a harness of the test's own,
 * closed after it, for a test that kills or restarts engines or changes the simulator itself.
 */
export function engineHarnesses(target: DatabaseTarget, sim: SimulatorOptions = {}) {
  let shared: EngineHarness | undefined;
  let owned: EngineHarness | undefined;
  let firstTest = true;
  beforeAll(async () => {
    shared = await EngineHarness.create(target, sim);
  });
  beforeEach(async () => {
    if (!firstTest) await shared!.renewMember();
    firstTest = false;
  });
  afterEach(async () => {
    await shared?.endTest();
    await owned?.close();
    owned = undefined;
  });
  afterAll(async () => {
    await shared?.close();
  });
  return {
    /** The shared harness, with this test's member. */
    shared: (): EngineHarness => shared!,
    /** A harness of this test's own. */
    own: async (): Promise<EngineHarness> => (owned = await EngineHarness.create(target, sim)),
  };
}
