import { describe, expect, it } from 'vitest';
import { IPC_CHANNELS, IPC_EVENTS } from '../../common/ipc/contract';
import { isAllowedChannel, isAllowedEvent, PRELOAD_CHANNELS, PRELOAD_EVENTS } from './allowlist';

describe('preload allowlist', () => {
  it('lets through exactly the channels of the contract', () => {
    expect([...PRELOAD_CHANNELS].sort()).toEqual([...IPC_CHANNELS].sort());
    for (const channel of IPC_CHANNELS) expect(isAllowedChannel(channel)).toBe(true);
  });

  it('lets through exactly the events of the contract', () => {
    expect([...PRELOAD_EVENTS].sort()).toEqual([...IPC_EVENTS].sort());
    for (const event of IPC_EVENTS) expect(isAllowedEvent(event)).toBe(true);
  });

  it('refuses anything else, prototype keys included', () => {
    for (const name of [
      'shell:exec',
      'toString',
      '__proto__',
      'constructor',
      '',
      42,
      null,
      undefined,
    ]) {
      expect(isAllowedChannel(name)).toBe(false);
      expect(isAllowedEvent(name)).toBe(false);
    }
  });
});
