import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { sendCoalesced } from './coalesced-send';

let server: WebSocketServer | null = null;
afterEach(async () => {
  for (const client of server?.clients ?? []) client.terminate();
  await new Promise((resolve) => server?.close(resolve));
  server = null;
});

async function connected(): Promise<{ serverSide: WebSocket; client: WebSocket; received: string[] }> {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(server, 'listening');
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const received: string[] = [];
  client.on('message', (data) => received.push(String(data)));
  const [serverSide] = (await once(server, 'connection')) as [WebSocket];
  await once(client, 'open');
  return { serverSide, client, received };
}

/** Counts the writes the connection's socket makes to the kernel (one _write or _writev each). */
function countWrites(socket: WebSocket): () => number {
  const raw = (
    socket as unknown as { _socket: Duplex & { _write: (...a: unknown[]) => void; _writev: (...a: unknown[]) => void } }
  )._socket;
  let writes = 0;
  for (const name of ['_write', '_writev'] as const) {
    const original = raw[name].bind(raw);
    raw[name] = (...args: unknown[]) => {
      writes += 1;
      original(...args);
    };
  }
  return () => writes;
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('sendCoalesced', () => {
  it('sends the frames of one turn in one write, each a frame of its own, in order', async () => {
    const { serverSide, received } = await connected();
    const writes = countWrites(serverSide);
    for (let i = 0; i < 50; i++) sendCoalesced(serverSide, `event ${i}`);
    expect(writes()).toBe(0); // held until the turn ends
    await until(() => received.length === 50);
    expect(received).toEqual(Array.from({ length: 50 }, (_, i) => `event ${i}`));
    expect(writes()).toBe(1);
  });

  it('holds each turn on its own: a later turn writes again', async () => {
    const { serverSide, received } = await connected();
    const writes = countWrites(serverSide);
    sendCoalesced(serverSide, 'a');
    sendCoalesced(serverSide, 'b');
    await until(() => received.length === 2);
    sendCoalesced(serverSide, 'c');
    await until(() => received.length === 3);
    expect(received).toEqual(['a', 'b', 'c']);
    expect(writes()).toBe(2);
  });

  it('drops a frame for a connection that is no longer open', async () => {
    const { serverSide, client } = await connected();
    client.close();
    await once(serverSide, 'close');
    expect(() => sendCoalesced(serverSide, 'late')).not.toThrow();
  });
});
