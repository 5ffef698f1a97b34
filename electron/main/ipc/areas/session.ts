import type { IpcArea } from '../context';
import { ok } from '../result';
import { clearSession, readSession, startSession } from '../session-state';

export const sessionArea: IpcArea = {
  name: 'session',
  handlers: {
    'session:current': async (_payload, { ports }) => ok(await readSession(ports)),

    'session:login': async (payload, { ports, call }) =>
      startSession(ports, await call('POST', '/api/login', payload), payload.email),

    // Best effort: the member is signed out locally even when the server is unreachable or
    // already forgot the token.
    'session:logout': async (_payload, { ports, call }) => {
      if (await ports.keychain.getToken()) await call('POST', '/api/logout', {});
      return ok(await clearSession(ports));
    },
  },
};
