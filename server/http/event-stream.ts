/**
 * The head of a server-sent event stream. A stream takes its reply over (hijack) and writes to
 * the raw response, which leaves out the headers the reply was given by the hooks before it
 * (security headers, CORS): they are written here with the stream's own.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  // No buffering by a reverse proxy in front: each event goes out as it is written.
  'x-accel-buffering': 'no',
} as const;

export function openEventStream(reply: FastifyReply): ServerResponse {
  const given: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) given[name] = value;
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, { ...given, ...EVENT_STREAM_HEADERS });
  return res;
}
