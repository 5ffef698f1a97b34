import type { IpcChannel, IpcPayload, IpcResult, IpcValue } from '../../../common/ipc/contract';
import type { EventHub, HttpMethod, HttpReply, IpcPorts } from '../ports/types';

/** What every handler gets besides its payload. */
export interface HandlerContext {
  ports: IpcPorts;
  events: EventHub;
  /** Calls the platform server with the keychain's token attached when there is one. */
  call(method: HttpMethod, path: string, body?: unknown, headers?: Readonly<Record<string, string>>): Promise<HttpReply>;
}

export type ChannelHandler<C extends IpcChannel> = (
  payload: IpcPayload<C>,
  ctx: HandlerContext,
) => Promise<IpcResult<IpcValue<C>>>;

export type AreaHandlers = { [C in IpcChannel]?: ChannelHandler<C> };

/** One area's channels (session, account, settings, app), registered once. */
export interface IpcArea {
  name: string;
  handlers: AreaHandlers;
}

export function createCall(ports: IpcPorts): HandlerContext['call'] {
  return async (method, path, body, headers) => {
    const token = await ports.keychain.getToken();
    return ports.http.request({ method, path, body, token, ...(headers ? { headers } : {}) });
  };
}
