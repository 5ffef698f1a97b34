import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/bridge';
import { createQueryClient } from './Providers';

afterEach(() => vi.restoreAllMocks());

describe('the query client', () => {
  it('says on the console why a change failed: its status and reason as well as its message', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = createQueryClient();
    const refused = new ApiError(409, 'could not apply this change right now', 'bot.change_not_applied');
    const mutation = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(refused) });
    await expect(mutation.execute(undefined)).rejects.toBe(refused);
    expect(warn).toHaveBeenCalledWith('A change failed: 409 bot.change_not_applied: could not apply this change right now');
  });

  it('does not retry a failed change: main already retried what is worth retrying', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = createQueryClient();
    const run = vi.fn(() => Promise.reject(new Error('offline')));
    await expect(client.getMutationCache().build(client, { mutationFn: run }).execute(undefined)).rejects.toThrow('offline');
    expect(run).toHaveBeenCalledTimes(1);
  });
});
