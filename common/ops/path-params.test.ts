import { describe, expect, it } from 'vitest';
import { fillPath, pathParams } from './path-params';

describe('path parameters', () => {
  it('names the parameters of a path, none for a plain one', () => {
    expect(pathParams('/api/reset-password/:token')).toEqual(['token']);
    expect(pathParams('/api/login')).toEqual([]);
  });

  it('writes the input into the path, URL-encoded, and leaves the other fields for the body', () => {
    expect(fillPath('/api/reset-password/:token', { token: 'a/b c', password: 'secret1' })).toEqual({
      path: '/api/reset-password/a%2Fb%20c',
      rest: { password: 'secret1' },
    });
    expect(fillPath('/api/login', { email: 'a@b.co' })).toEqual({ path: '/api/login', rest: { email: 'a@b.co' } });
  });
});
