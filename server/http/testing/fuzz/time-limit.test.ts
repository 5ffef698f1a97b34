import { describe, expect, it } from 'vitest';
import { RequestTimedOut, withinTimeLimit } from './time-limit';

describe('the fuzz per-request time limit', () => {
  it('fails a request that never answers, naming it', async () => {
    const never = new Promise<never>(() => undefined);
    const attempt = withinTimeLimit(never, () => 'POST /api/startcycledata {"amount":"1e20"}', 20);
    await expect(attempt).rejects.toBeInstanceOf(RequestTimedOut);
    await expect(withinTimeLimit(never, () => 'POST /api/startcycledata {"amount":"1e20"}', 20)).rejects.toThrow(
      'no answer within 20 ms: POST /api/startcycledata {"amount":"1e20"}',
    );
  });

  it('passes an answer on, and its failure as it is', async () => {
    await expect(withinTimeLimit(Promise.resolve(200), () => 'GET /healthz', 1_000)).resolves.toBe(200);
    await expect(withinTimeLimit(Promise.reject(new Error('refused')), () => 'GET /healthz', 1_000)).rejects.toThrow('refused');
  });
});
