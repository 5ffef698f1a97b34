/**
 * The contract's channel and event names, all the preload lets through. The build writes this
 * module into the preload's bundle as the literal names (scripts/preload-bundle.mjs): the sandboxed
 * preload can load nothing but `electron`, so it never loads the contract's schemas, and no list
 * of names is written by hand. Type checks and tests read the contract itself.
 */
import { IPC_CHANNELS, IPC_EVENTS, type IpcChannel, type IpcEvent } from '../../common/ipc/contract';

export interface IpcNames {
  channels: readonly IpcChannel[];
  events: readonly IpcEvent[];
}

export const IPC_NAMES: IpcNames = { channels: IPC_CHANNELS, events: IPC_EVENTS };
