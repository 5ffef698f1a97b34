import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, installFakeBridge, ok } from '../testing/fakeBridge';
import { ApiError } from './bridge';
import { api } from './client';

describe('the client read off the IPC contract', () => {
  afterEach(() => {
    delete window.griddesk;
  });

  it('calls the channel named by area and operation, with the payload as given', async () => {
    const bridge = installFakeBridge();
    bridge.handle('bots:stop', () => ok({ message: 'stopped' }));
    await expect(api.bots.stop({ botID: 'b1' })).resolves.toEqual({ message: 'stopped' });
    expect(bridge.calls).toEqual([{ channel: 'bots:stop', payload: { botID: 'b1' } }]);
  });

  it('sends an empty payload for a channel that takes nothing', async () => {
    const bridge = installFakeBridge();
    bridge.handle('strategies:delete', () => ok({ message: 'gone' }));
    bridge.handle('bots:status', () => ok([]));
    await api.bots.status();
    await api.strategies.delete({ strategy_name: 'mine' });
    expect(bridge.calls).toEqual([
      { channel: 'bots:status', payload: {} },
      { channel: 'strategies:delete', payload: { strategy_name: 'mine' } },
    ]);
  });

  it("turns a refusal into an ApiError with the server's status and reason", async () => {
    installFakeBridge().handle('bots:stop', () => fail(404, 'Bot not found', 'bot.not_found'));
    const error = await api.bots.stop({ botID: 'b1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, reason: 'bot.not_found', message: 'Bot not found' });
  });

  it('gives the same area and the same call on every read, and reads no symbol', () => {
    expect(api.bots).toBe(api.bots);
    expect(api.bots.info).toBe(api.bots.info);
    expect((api as unknown as Record<symbol, unknown>)[Symbol.iterator]).toBeUndefined();
  });

  it("refuses, at type level, a bare call as react-query's queryFn (its context would become the payload)", () => {
    const client = new QueryClient();
    const bare = () =>
      client.fetchQuery({
        queryKey: ['bots', 'status'],
        // @ts-expect-error the query's context object is not an Empty payload
        queryFn: api.bots.status,
      });
    const wrapped = () => client.fetchQuery({ queryKey: ['bots', 'status'], queryFn: () => api.bots.status() });
    expect(typeof bare).toBe('function');
    expect(typeof wrapped).toBe('function');
  });
});
