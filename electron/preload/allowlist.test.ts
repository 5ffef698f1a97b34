import { describe, expect, it } from 'vitest';
import { IPC_CHANNELS, IPC_EVENTS } from '../../common/ipc/contract';
import { allowlistOf } from './allowlist';
import { IPC_NAMES } from './names';

describe('preload allowlist', () => {
  const { isAllowedChannel, isAllowedEvent } = allowlistOf(IPC_NAMES);

  it('lets through every channel and event of the contract', () => {
    for (const channel of IPC_CHANNELS) expect(isAllowedChannel(channel)).toBe(true);
    for (const event of IPC_EVENTS) expect(isAllowedEvent(event)).toBe(true);
  });

  it('tells a channel from an event', () => {
    expect(isAllowedChannel('bots:event')).toBe(false);
    expect(isAllowedEvent('bots:status')).toBe(false);
  });

  it('refuses anything else, prototype keys included', () => {
    for (const name of ['shell:exec', 'toString', '__proto__', 'constructor', 'hasOwnProperty', '', 42, null, undefined, {}]) {
      expect(isAllowedChannel(name)).toBe(false);
      expect(isAllowedEvent(name)).toBe(false);
    }
  });
});
