/** Account, session and settings calls (SPEC section 7, Account), one function per channel. */
import type { SignupRequest, VerifyOtpRequest } from '../../common/api/account';
import type { Theme } from '../../common/ipc/contract';
import type { NotificationKind } from '../../common/notifications';
import { invoke } from './bridge';

export const accountApi = {
  currentSession: () => invoke('session:current', {}),
  login: (email: string, password: string) => invoke('session:login', { email, password }),
  logout: () => invoke('session:logout', {}),
  signup: (request: SignupRequest) => invoke('account:signup', request),
  verifyOtp: (request: VerifyOtpRequest) => invoke('account:verifyOtp', request),
  resendOtp: (email: string, username?: string) =>
    invoke('account:resendOtp', username === undefined ? { email } : { email, username }),
  forgotPassword: (email: string) => invoke('account:forgotPassword', { email }),
  resetPassword: (token: string, password: string) => invoke('account:resetPassword', { token, password }),
  referralMandatory: () => invoke('account:referralMandatory', {}),
  referralCheck: (referralId: string) => invoke('account:referralCheck', { referralId }),
  email: () => invoke('account:email', {}),
};

export const settingsApi = {
  get: () => invoke('settings:get', {}),
  setTheme: (theme: Theme) => invoke('settings:setTheme', { theme }),
  notifications: () => invoke('notifications:settings', {}),
  setNotificationMuted: (kind: NotificationKind, muted: boolean) => invoke('notifications:setMuted', { kind, muted }),
};
