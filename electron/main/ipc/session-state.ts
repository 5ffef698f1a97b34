import type { LoginResponse, UserData } from '../../../common/api/account';
import type { IpcResult, SessionInfo } from '../../../common/ipc/contract';
import type { HttpReply, IpcPorts } from '../ports/types';
import { forgetExchangeSecret } from './exchange-secret';
import { errorFromReply, fail, isSuccess, ok } from './result';

export async function readSession(ports: IpcPorts): Promise<SessionInfo> {
  const token = await ports.keychain.getToken();
  if (!token) return { signedIn: false, email: null, userData: null };
  return {
    signedIn: true,
    email: ports.settings.get('email'),
    userData: ports.settings.get('userData'),
  };
}

/** Logout and an expired session: the token goes, and any copy of the exchange secret an earlier version kept. */
export async function clearSession(ports: IpcPorts): Promise<SessionInfo> {
  await ports.keychain.deleteToken();
  await forgetExchangeSecret(ports.keychain, ports.settings.get('email'));
  ports.settings.set('userData', null);
  ports.settings.set('email', null);
  return { signedIn: false, email: null, userData: null };
}

/** The member's data without the token fields (and the verify-otp `success` flag). */
function userDataOf(body: Record<string, unknown>): UserData {
  const { token: _token, accessToken: _accessToken, success: _success, ...rest } = body;
  return rest as unknown as UserData;
}

/**
 * Login and verify-otp both answer with a token plus the member's data: the token goes to
 * the keychain and only the SessionInfo goes back, so the renderer never holds the token.
 */
export async function startSession(
  ports: IpcPorts,
  reply: HttpReply,
  fallbackEmail: string,
): Promise<IpcResult<SessionInfo>> {
  if (!isSuccess(reply)) return errorFromReply(reply);
  const body = (reply.body ?? {}) as Partial<LoginResponse> & Record<string, unknown>;
  const token = typeof body.token === 'string' ? body.token : body.accessToken;
  if (typeof token !== 'string' || token.length === 0) {
    return fail(502, 'The server did not return a session token.');
  }
  const userData = userDataOf(body);
  const email = typeof userData.email === 'string' ? userData.email : fallbackEmail;
  await ports.keychain.setToken(token);
  await forgetExchangeSecret(ports.keychain, email);
  ports.settings.set('userData', userData);
  ports.settings.set('email', email);
  return ok({ signedIn: true, email, userData });
}
