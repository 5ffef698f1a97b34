import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../config/config';
import { createExchange, type ExchangeInternals, SIMULATOR_STATE_FILE } from './exchange-factory';

// What a second launch of the desktop app does: the same DATA_DIR, a new in-process simulator.
let dir: string;
let config: Config;
let services: ExchangeInternals | undefined;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'griddesk-factory-'));
  config = loadConfig({
    DATA_DIR: dir,
    SIM_PORT: '0',
    SIM_RANDOM_WALK: 'off',
    JWT_SECRET: 'test-jwt-secret-that-is-long-enough-0123456789',
    SECRETS_KEY: '00'.repeat(32),
  });
});
afterAll(async () => {
  await services?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('createExchange with the in-process simulator', () => {
  it('keeps the simulator accounts in DATA_DIR/simulator-state.json across a restart', async () => {
    services = await createExchange(config);
    const key = services.simulator!.control.createAccount({ balances: { USDT: '10000' }, ipRestrict: true });
    await services.close();
    services = undefined;
    expect(existsSync(join(dir, SIMULATOR_STATE_FILE))).toBe(true);

    services = await createExchange(config);
    expect(services.simulator!.control.getAccount(key.apiKey)).toMatchObject({ balances: { USDT: { free: '10000.00000000' } } });
    const member = services.gateway.member(key);
    expect(await member.apiRestrictions()).toMatchObject({ ipRestrict: true });
    expect((await member.balances('spot')).USDT).toMatchObject({ free: '10000' });
  });
});
