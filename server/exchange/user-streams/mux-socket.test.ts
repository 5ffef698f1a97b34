import { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer } from 'ws';
import { MuxSocket } from './mux-socket';

const servers: WebSocketServer[] = [];

async function server(options: { autoPong: boolean; reply?: boolean }): Promise<string> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', autoPong: options.autoPong });
  servers.push(wss);
  wss.on('connection', (socket) => {
    socket.on('message', (data) => {
      const request = JSON.parse(String(data)) as { id: string };
      if (options.reply !== false) socket.send(JSON.stringify({ id: request.id, status: 200, result: { ok: true } }));
      socket.send(JSON.stringify({ subscriptionId: 0, event: { e: 'tick' } }));
    });
  });
  await new Promise((resolve) => wss.once('listening', resolve));
  return `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
}

afterEach(async () => {
  for (const wss of servers.splice(0)) {
    for (const client of wss.clients) client.terminate();
    await new Promise((resolve) => wss.close(resolve));
  }
});

describe('mux socket', () => {
  it('matches replies to requests by id and hands everything else to onEvent', async () => {
    const events: unknown[] = [];
    const socket = await MuxSocket.open(await server({ autoPong: true }), {
      onEvent: (e) => events.push(e),
      onClose: () => undefined,
    });
    expect(await socket.request({ method: 'x' })).toMatchObject({ status: 200, result: { ok: true } });
    await vi.waitFor(() => expect(events).toEqual([{ subscriptionId: 0, event: { e: 'tick' } }]));
    socket.close();
  });

  it('times a request out, and ends a connection whose peer stopped answering pings', async () => {
    let closed = 0;
    const quiet = await MuxSocket.open(
      await server({ autoPong: false, reply: false }),
      { onEvent: () => undefined, onClose: () => (closed += 1) },
      { heartbeatMs: 30, timeoutMs: 50 },
    );
    await expect(quiet.request({ method: 'x' }, 50)).rejects.toThrow(/No reply/);
    await vi.waitFor(() => expect(closed).toBe(1));
    expect(quiet.open).toBe(false);
    let healthyClosed = 0;
    // A generous interval: a pong only has to come back before the next ping, even on a busy machine.
    const healthy = await MuxSocket.open(
      await server({ autoPong: true }),
      { onEvent: () => undefined, onClose: () => (healthyClosed += 1) },
      { heartbeatMs: 500 },
    );
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect([healthy.open, healthyClosed]).toEqual([true, 0]); // pongs keep it
    healthy.close();
  });
});
