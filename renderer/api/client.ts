/**
 * The renderer's client, read off the IPC contract: `api.bots.info({ botID })` is the channel
 * `bots:info` with its payload and answer types, so a new operation is callable the moment its
 * entry exists in common/ops (no wrapper to write). Every failure is an ApiError (bridge.ts).
 *
 * A channel that takes nothing is called with no argument. Its parameter is typed `Empty`, so a
 * bare `queryFn: api.bots.status` fails the typecheck: react-query would pass its context object
 * (the query client, an AbortSignal) as the payload, which cannot cross IPC.
 */
import type { IpcChannel, IpcPayload, IpcValue } from '../../common/ipc/contract';
import type { Empty } from '../../common/ops/define';
import { invoke } from './bridge';

type AreaOf<C> = C extends `${infer Area}:${string}` ? Area : never;
export type ApiArea = AreaOf<IpcChannel>;

type Call<C extends IpcChannel> =
  IpcPayload<C> extends Empty ? (payload?: Empty) => Promise<IpcValue<C>> : (payload: IpcPayload<C>) => Promise<IpcValue<C>>;

/** Each area's channels by their name after the colon. */
export type ApiClient = {
  [A in ApiArea]: { [C in IpcChannel as C extends `${A}:${infer Name}` ? Name : never]: Call<C> };
};

/** One area's calls, each made once, so `api.bots.info` is the same function on every read (safe in a hook's dependencies). */
function areaClient(area: string): object {
  const calls = new Map<string, (payload?: object) => Promise<unknown>>();
  return new Proxy(
    {},
    {
      get: (_target, name) => {
        if (typeof name !== 'string') return undefined;
        let call = calls.get(name);
        if (!call) {
          const channel = `${area}:${name}` as IpcChannel;
          calls.set(name, (call = (payload?: object) => invoke(channel, (payload ?? {}) as IpcPayload<IpcChannel>)));
        }
        return call;
      },
    },
  );
}

const areas = new Map<string, object>();

export const api = new Proxy({} as ApiClient, {
  get: (_target, area) => {
    if (typeof area !== 'string') return undefined;
    let client = areas.get(area);
    if (!client) areas.set(area, (client = areaClient(area)));
    return client;
  },
});
