/** Session channels: the session main holds (the token in the keychain), login and logout. */
import { accountOps } from '../../../../common/ops/account';
import type { IpcArea } from '../context';
import { forward } from '../forward';
import { ok } from '../result';
import { clearSession, readSession, startSession } from '../session-state';

export const sessionArea: IpcArea = {
  name: 'session',
  handlers: {
    'session:current': async (_payload, { ports }) => ok(await readSession(ports)),

    'session:login': async (payload, { ports, call }) =>
      startSession(ports, await forward(call, accountOps['account:login'], payload), payload.email),

    // Best effort: the member is signed out locally even when the server is unreachable or
    // already forgot the token.
    'session:logout': async (_payload, { ports, call }) => {
      if (await ports.keychain.getToken()) await forward(call, accountOps['account:logout'], {});
      return ok(await clearSession(ports));
    },
  },
};
