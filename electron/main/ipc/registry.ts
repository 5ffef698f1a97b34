import { IPC_CHANNELS, type IpcChannel } from '../../../common/ipc/contract';
import type { ChannelHandler, IpcArea } from './context';

/**
 * Channel -> handler, filled area by area. As in Signal-Desktop, registering an area twice
 * or claiming a channel another area owns is a programming error and throws at startup
 * instead of letting the last registration silently win.
 */
export class HandlerRegistry {
  readonly #areas = new Set<string>();
  readonly #handlers = new Map<IpcChannel, ChannelHandler<IpcChannel>>();

  register(area: IpcArea): void {
    if (this.#areas.has(area.name)) throw new Error(`IPC area '${area.name}' is already registered`);
    for (const [channel, handler] of Object.entries(area.handlers)) {
      if (this.#handlers.has(channel as IpcChannel)) {
        throw new Error(`IPC channel '${channel}' is already registered`);
      }
      this.#handlers.set(channel as IpcChannel, handler as ChannelHandler<IpcChannel>);
    }
    this.#areas.add(area.name);
  }

  get<C extends IpcChannel>(channel: C): ChannelHandler<C> | undefined {
    return this.#handlers.get(channel) as ChannelHandler<C> | undefined;
  }

  /** Channels of the contract nobody handles; empty once every area is in. */
  missing(): IpcChannel[] {
    return IPC_CHANNELS.filter((channel) => !this.#handlers.has(channel));
  }
}
