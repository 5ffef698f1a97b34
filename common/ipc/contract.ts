/**
 * The one IPC contract between the renderer and Electron main (ARCHITECTURE section 9).
 * Channels are namespaced by area; every payload has a schema that main checks before doing
 * anything, and every answer is a value, never a thrown error, so the renderer can map an
 * HTTP status to the SPEC message it owes the member.
 */
import * as yup from 'yup';
import type {
  EmailResponse,
  ReferralCheckResponse,
  ReferralMandatoryResponse,
  SignupRequest,
  SuccessResponse,
  UserData,
  UserProfile,
  VerifyOtpRequest,
} from '../api/account';

export type Theme = 'light' | 'dark';

export interface SessionInfo {
  signedIn: boolean;
  email: string | null;
  userData: UserData | null;
}

export interface AppInfo {
  version: string;
  platform: string;
  /** `electron` inside the desktop app, `preview` in the browser preview and e2e tests. */
  mode: 'electron' | 'preview';
  serverUrl: string;
}

export interface DesktopSettings {
  theme: Theme;
}

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

type Empty = Record<string, never>;

/** channel -> payload and result. */
export interface IpcChannels {
  'session:current': { payload: Empty; result: SessionInfo };
  'session:login': { payload: { email: string; password: string }; result: SessionInfo };
  'session:logout': { payload: Empty; result: SessionInfo };
  'account:signup': { payload: SignupRequest; result: { message: string } };
  'account:verifyOtp': { payload: VerifyOtpRequest; result: SessionInfo };
  'account:resendOtp': { payload: { email: string; username?: string }; result: SuccessResponse };
  'account:forgotPassword': { payload: { email: string }; result: SuccessResponse };
  'account:resetPassword': { payload: { token: string; password: string }; result: SuccessResponse };
  'account:referralMandatory': { payload: Empty; result: ReferralMandatoryResponse };
  'account:referralCheck': { payload: { referralId: string }; result: ReferralCheckResponse };
  'account:email': { payload: Empty; result: EmailResponse };
  'account:profile': { payload: Empty; result: UserProfile };
  'settings:get': { payload: Empty; result: DesktopSettings };
  'settings:setTheme': { payload: { theme: Theme }; result: DesktopSettings };
  'app:info': { payload: Empty; result: AppInfo };
}

export type IpcChannel = keyof IpcChannels;
export type IpcPayload<C extends IpcChannel> = IpcChannels[C]['payload'];
export type IpcValue<C extends IpcChannel> = IpcChannels[C]['result'];

/** `status` is the HTTP status from the server, or 0 when no response arrived. */
export interface IpcError {
  status: number;
  message: string;
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** Events main pushes to the renderer. */
export interface IpcEvents {
  /** The server answered 401: the token is gone and the renderer must go to login. */
  'session:expired': Empty;
  /** Main asks the renderer to open a route (a griddesk:// deep link, a notification click). */
  'app:navigate': { path: string };
}
export type IpcEvent = keyof IpcEvents;

/** What the preload exposes as `window.griddesk`, and nothing more. */
export interface GriddeskBridge {
  invoke<C extends IpcChannel>(channel: C, payload: IpcPayload<C>): Promise<IpcResult<IpcValue<C>>>;
  on<E extends IpcEvent>(event: E, listener: (payload: IpcEvents[E]) => void): () => void;
}

const empty = yup.object({}).noUnknown(true).strict(false);
const str = (max = 500) => yup.string().defined().max(max);

/**
 * Shape checks main runs on every payload before acting. They guard the boundary (types,
 * sizes, unknown keys); the product rules with their SPEC messages run in the form and again
 * on the server with the schemas of `common/schemas`.
 */
export const ipcPayloadSchemas: { [C in IpcChannel]: yup.AnySchema } = {
  'session:current': empty,
  'session:login': yup.object({ email: str(254), password: str(200) }).noUnknown(true),
  'session:logout': empty,
  'account:signup': yup
    .object({
      username: str(200),
      contactNo: str(200),
      email: str(254),
      password: str(200),
      referralId: yup.string().max(50).nullable().optional(),
    })
    .noUnknown(true),
  'account:verifyOtp': yup
    .object({
      email: str(254),
      otp: str(20),
      username: str(200),
      contactNo: str(200),
      password: str(200),
      referralId: yup.string().max(50).nullable().optional(),
    })
    .noUnknown(true),
  'account:resendOtp': yup
    .object({ email: str(254), username: yup.string().max(200).optional() })
    .noUnknown(true),
  'account:forgotPassword': yup.object({ email: str(254) }).noUnknown(true),
  'account:resetPassword': yup
    .object({ token: str(200).min(1), password: str(200) })
    .noUnknown(true),
  'account:referralMandatory': empty,
  'account:referralCheck': yup.object({ referralId: str(50) }).noUnknown(true),
  'account:email': empty,
  'account:profile': empty,
  'settings:get': empty,
  'settings:setTheme': yup
    .object({ theme: yup.mixed<Theme>().oneOf(['light', 'dark']).defined() })
    .noUnknown(true),
  'app:info': empty,
};

export const IPC_CHANNELS = Object.keys(ipcPayloadSchemas) as IpcChannel[];
export const IPC_EVENTS: IpcEvent[] = ['session:expired', 'app:navigate'];

export function isIpcChannel(value: unknown): value is IpcChannel {
  return typeof value === 'string' && Object.hasOwn(ipcPayloadSchemas, value);
}
