/**
 * The ports main's IPC handlers receive. Handlers import none of the implementations, so the
 * same handlers run inside Electron (keytar/safeStorage, electron-store, native notifications)
 * and in plain Node (browser preview, e2e, unit tests with fakes).
 */
import type { UserData } from '../../../common/api/account';
import type { IpcEvent, IpcEvents, Theme } from '../../../common/ipc/contract';
import type { NotificationKind } from '../../../common/notifications';

/**
 * Where the session token lives. Bound to one server at construction (keytar account); named
 * secrets are separate entries beside the token. (The member's exchange secret is not kept on
 * the desktop: the server holds it sealed. ipc/exchange-secret.ts removes older copies.)
 */
export interface Keychain {
  /** A short name for logs and warnings: 'keytar', 'safeStorage', 'memory'. */
  readonly kind: string;
  getToken(): Promise<string | null>;
  setToken(token: string): Promise<void>;
  deleteToken(): Promise<void>;
  getSecret(name: string): Promise<string | null>;
  setSecret(name: string, value: string): Promise<void>;
  deleteSecret(name: string): Promise<void>;
  /** Removes this server's named secrets whose name starts with `prefix`; absent where entries cannot be listed. */
  deleteSecretsStartingWith?(prefix: string): Promise<void>;
}

export interface WindowState {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

/** Everything main persists outside the keychain. Never a token or a secret. */
export interface SettingsData {
  theme: Theme;
  /** The signed-in member's email and data, cached so the renderer can draw the layout at once. */
  email: string | null;
  userData: UserData | null;
  /** The last platform server URL the app talked to (remote or embedded). */
  serverUrl: string | null;
  windowState: WindowState | null;
  /**
   * The open 'make payment' window of the Deposit screen (end time, ms since the epoch), tagged
   * with the member it belongs to, so its countdown survives a reload and never shows to another.
   */
  depositListenWindow: DepositListenWindow | null;
  /** Kinds of notification the member switched off on the Settings page. */
  mutedNotifications: NotificationKind[];
  /**
   * The last subscription reminder shown (member, expiry, days left), so a restart or the next
   * check does not repeat it: a new one comes only when a day passes or the expiry moves.
   */
  subscriptionReminder: string | null;
}

export interface DepositListenWindow {
  email: string | null;
  endsAt: number;
}

export interface SettingsStore {
  get<K extends keyof SettingsData>(key: K): SettingsData[K];
  set<K extends keyof SettingsData>(key: K, value: SettingsData[K]): void;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  /** Path on the platform server, e.g. `/api/login`. */
  path: string;
  body?: unknown;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string | null;
  /** Extra request headers (the billing service's Idempotency-Key). */
  headers?: Readonly<Record<string, string>>;
}

/** An HTTP answer of any status. `status` 0 means no response arrived (down, timeout). */
export interface HttpReply {
  status: number;
  statusText: string;
  body: unknown;
}

/** The platform server, seen from main. Never throws for an HTTP status or a network error. */
export interface ServerHttp {
  readonly baseUrl: string;
  request(req: HttpRequest): Promise<HttpReply>;
}

export interface Notification {
  /** What it is about: the member may mute each kind (common/notifications.ts). */
  kind: NotificationKind;
  title: string;
  body: string;
  /** Route the app opens when the member clicks the notification. */
  route?: string;
}

/** Native notifications inside Electron; a log line or a list in plain Node. */
export interface Notifier {
  notify(notification: Notification): void;
}

/** Where main's events for the renderer go (webContents.send, an SSE stream, a test list). */
export interface EventSink {
  emit<E extends IpcEvent>(event: E, payload: IpcEvents[E]): void;
}

/** The member's running bots (Live and Pause) and live cycles, for the tray. */
export interface LiveCounts {
  bots: number;
  cycles: number;
}

export interface AppDescription {
  version: string;
  platform: string;
  mode: 'electron' | 'preview';
}

export interface IpcPorts {
  keychain: Keychain;
  settings: SettingsStore;
  http: ServerHttp;
  notifier: Notifier;
  app: AppDescription;
  /** Optional: createIpcHandlers makes its own hub when absent. */
  events?: EventHub;
  /**
   * Keep the platform server's ticker stream open while a member is signed in and push it as
   * `market:tickers` (Electron and the preview host; unit tests leave it off).
   */
  liveTickers?: boolean;
  /**
   * Keep the member's event stream (GET /api/events) open while signed in: `bots:event` to the
   * renderer and a notification when a bot stops (Electron and the preview host; tests opt in).
   */
  liveBotEvents?: boolean;
  /**
   * Told the member's live counts while signed in (fetched at sign-in and again after each member
   * event that starts or ends a bot or a cycle), null while nobody is. Electron's tray.
   */
  onLiveCounts?: (counts: LiveCounts | null) => void;
  /**
   * Check the member's subscription at sign-in and every this many ms, and notify when it ends
   * within SUBSCRIPTION_REMINDER_DAYS (Electron and the preview host; tests opt in).
   */
  subscriptionCheckMs?: number;
}

export type EventListener = <E extends IpcEvent>(event: E, payload: IpcEvents[E]) => void;

/** An event sink that also lets the transports (Electron IPC, SSE) subscribe. */
export interface EventHub extends EventSink {
  subscribe(listener: EventListener): () => void;
}
