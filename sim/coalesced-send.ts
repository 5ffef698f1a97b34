/**
 * Sends a WebSocket frame with the connection's writes held until the end of this event-loop
 * turn. A burst of orders is answered request by request, and each order adds its user events
 * (executionReport, outboundAccountPosition) to the few multiplexed connections the engine
 * keeps: sent one by one that is a write per frame, two for every order, taking the simulator's
 * one thread from the order answers still queued. Held for the turn, the frames of every
 * request read in the same poll go out as one write per connection, in the order they were sent.
 */
import type { Duplex } from 'node:stream';
import { WebSocket } from 'ws';

const held = new WeakSet<WebSocket>();

export function sendCoalesced(socket: WebSocket, frame: string): void {
  if (socket.readyState !== WebSocket.OPEN) return;
  // ws keeps the connection's socket on `_socket`; cork() nests, so ws's own cork/uncork per frame still holds.
  const raw = (socket as unknown as { _socket?: Duplex | null })._socket;
  if (raw && !held.has(socket)) {
    held.add(socket);
    raw.cork();
    setImmediate(() => {
      held.delete(socket);
      raw.uncork();
    });
  }
  socket.send(frame);
}
