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

/** An object whose every string key is made by `make` on its first read and kept, so each read gives the same value. */
function madeOnRead<T>(make: (key: string) => T): Record<string, T> {
  const made = new Map<string, T>();
  return new Proxy({} as Record<string, T>, {
    get: (_target, key) => {
      if (typeof key !== 'string') return undefined;
      if (!made.has(key)) made.set(key, make(key));
      return made.get(key);
    },
  });
}

/** `api.bots.info` is made once, so it is the same function on every read (safe in a hook's dependencies). */
export const api = madeOnRead((area) =>
  madeOnRead((name) => {
    const channel = `${area}:${name}` as IpcChannel;
    return (payload?: object) => invoke(channel, (payload ?? {}) as IpcPayload<IpcChannel>);
  }),
) as unknown as ApiClient;
