/**
 * GET /api/events: the member's event stream as Server-Sent Events (`id`, `event: <kind>`,
 * `data: <json>`). Resumes after the Last-Event-ID header (or ?after=<id>); with neither, only
 * events newer than the connection are sent. The table is polled every POLL_MS per connection
 * because the engine that writes it may be another process; a `: ping` comment every PING_MS
 * keeps proxies from closing an idle stream, and everything stops when the client goes away.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eventsQuery } from '../../../../../common/schemas/bots';
import { eventsAfter, latestEventId, sseFrame } from '../../../../modules/events/events';
import { bearer } from '../../../schemas';
import { memberOf } from '../../../types';
import { fromYup } from '../../../validation';
import { openEventStream } from '../../../event-stream';

export const POLL_MS = 500;
export const PING_MS = 15_000;

/** Where to resume: Last-Event-ID wins over ?after; null = start after the newest event. */
function resumeAfter(request: FastifyRequest<{ Querystring: { after?: number } }>): number | null {
  const header = request.headers['last-event-id'];
  if (typeof header === 'string' && /^\d{1,15}$/.test(header.trim())) return Number(header.trim());
  return request.query.after ?? null;
}

export default async function eventsApi(app: FastifyInstance) {
  const { db } = app.deps;
  // Open streams never finish on their own: end them when the server closes, or close() would wait forever.
  const open = new Set<{ end(): void }>();
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });

  app.get<{ Querystring: { after?: number } }>(
    '/events',
    {
      config: { auth: 'member' },
      schema: { tags: ['events'], security: bearer, querystring: fromYup(eventsQuery) },
    },
    async (request, reply) => {
      const userId = memberOf(request).userId;
      let cursor = resumeAfter(request) ?? (await latestEventId(db, userId));
      const res = openEventStream(reply);
      const write = (text: string) => {
        if (!res.writableEnded && !res.destroyed) res.write(text); // a poll may finish after the client left
      };
      // The position the stream starts from, so a client that drops before any event arrives
      // resumes from here and misses nothing (main records the id and does not show the frame).
      write(`id: ${cursor}\nevent: ready\ndata: {}\n\n`);
      open.add(res);
      let busy = false;
      const poll = async () => {
        if (busy) return; // a slow query is not stacked on: the next tick reads from where it ended
        busy = true;
        try {
          for (const event of await eventsAfter(db, userId, cursor)) {
            write(sseFrame(event));
            cursor = event.id;
          }
        } catch (error) {
          request.log.warn({ err: error }, 'event stream poll failed'); // retried on the next tick
        } finally {
          busy = false;
        }
      };
      const poller = setInterval(() => void poll(), POLL_MS);
      const ping = setInterval(() => write(': ping\n\n'), PING_MS);
      poller.unref();
      ping.unref();
      void poll();
      res.on('close', () => {
        open.delete(res);
        clearInterval(poller);
        clearInterval(ping);
      });
    },
  );
}
