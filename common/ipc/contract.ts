/**
 * The one IPC contract between the renderer and Electron main (ARCHITECTURE section 9).
 * Channels are namespaced by area; every payload has a schema that main checks before doing
 * anything, and every answer is a value, never a thrown error, so the renderer can map an
 * HTTP status to the SPEC message it owes the member. Each area declares its channels and
 * payload schemas in `areas/<area>.ts`; this file joins them.
 */
import type * as yup from 'yup';
import type { Reason } from '../reasons';
import { accountPayloadSchemas, type AccountChannels } from './areas/account';
import { billingPayloadSchemas, type BillingChannels } from './areas/billing';
import { botsPayloadSchemas, type BotsChannels, type BotsEvents } from './areas/bots';
import { cyclesPayloadSchemas, type CyclesChannels } from './areas/cycles';
import { desktopPayloadSchemas, type DesktopChannels } from './areas/desktop';
import { exchangePayloadSchemas, type ExchangeChannels, type ExchangeEvents } from './areas/exchange';
import { notificationsPayloadSchemas, type NotificationsChannels } from './areas/notifications';
import { strategiesPayloadSchemas, type StrategiesChannels } from './areas/strategies';
import type { Empty } from './areas/shared';

export type { SessionInfo } from './areas/account';
export type { AppInfo, DesktopSettings, Theme } from './areas/desktop';
export type { NotificationSettings } from './areas/notifications';
export type { FeaturesResponse } from './areas/bots';
export type { DepositWindow, PagePayload, ServiceMessage } from './areas/billing';

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** channel -> payload and result, over every area. */
export interface IpcChannels
  extends
    AccountChannels,
    DesktopChannels,
    NotificationsChannels,
    StrategiesChannels,
    ExchangeChannels,
    BotsChannels,
    CyclesChannels,
    BillingChannels {}

export type IpcChannel = keyof IpcChannels;
export type IpcPayload<C extends IpcChannel> = IpcChannels[C]['payload'];
export type IpcValue<C extends IpcChannel> = IpcChannels[C]['result'];

/**
 * `status` is the HTTP status from the server, or 0 when no response arrived. `reason` says why,
 * as a token of common/reasons.ts: the renderer branches on it, never on `message`.
 */
export interface IpcError {
  status: number;
  message: string;
  reason: Reason;
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** Events main pushes to the renderer. */
export interface IpcEvents extends ExchangeEvents, BotsEvents {
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

/**
 * Shape checks main runs on every payload before acting. They guard the boundary (types,
 * sizes, unknown keys); the product rules with their SPEC messages run in the form and again
 * on the server with the schemas of `common/schemas`.
 */
export const ipcPayloadSchemas: { [C in IpcChannel]: yup.AnySchema } = {
  ...accountPayloadSchemas,
  ...desktopPayloadSchemas,
  ...notificationsPayloadSchemas,
  ...strategiesPayloadSchemas,
  ...exchangePayloadSchemas,
  ...botsPayloadSchemas,
  ...cyclesPayloadSchemas,
  ...billingPayloadSchemas,
};

export const IPC_CHANNELS = Object.keys(ipcPayloadSchemas) as IpcChannel[];
export const IPC_EVENTS: IpcEvent[] = ['session:expired', 'app:navigate', 'market:tickers', 'bots:event'];

export function isIpcChannel(value: unknown): value is IpcChannel {
  return typeof value === 'string' && Object.hasOwn(ipcPayloadSchemas, value);
}
