import type { LoginResponse, UserData } from '../../../common/api/account';
import type { IpcResult, SessionInfo } from '../../../common/ipc/contract';
import type { IpcPorts } from '../ports/types';
import { forgetExchangeSecret } from './exchange-secret';
import { fail, ok } from './result';

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
function userDataOf(answer: LoginResponse & { success?: boolean }): UserData {
  const { token: _token, accessToken: _accessToken, success: _success, ...userData } = answer;
  return userData;
}

/**
 * Login and verify-otp both answer with a token plus the member's data: the token goes to
 * the keychain and only the SessionInfo goes back, so the renderer never holds the token.
 */
export async function startSession(
  ports: IpcPorts,
  answer: IpcResult<LoginResponse>,
  fallbackEmail: string,
): Promise<IpcResult<SessionInfo>> {
  if (!answer.ok) return answer;
  // Both name the same token; an empty one is no session.
  const token = answer.value.token || answer.value.accessToken;
  if (!token) return fail(502, 'The server did not return a session token.');
  const userData = userDataOf(answer.value);
  const email = userData.email || fallbackEmail;
  await ports.keychain.setToken(token);
  await forgetExchangeSecret(ports.keychain, email);
  ports.settings.set('userData', userData);
  ports.settings.set('email', email);
  return ok({ signedIn: true, email, userData });
}
