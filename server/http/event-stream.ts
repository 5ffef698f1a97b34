/**
 * The head of a server-sent event stream. A stream takes its reply over (hijack) and writes to
 * the raw response, which leaves out the headers the reply was given by the hooks before it
 * (security headers, CORS): they are written here with the stream's own. Taking the reply over
 * also ends its time limit (REQUEST_TIMEOUT_MS): an open stream is long-lived by design.
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
  // The request ran past REQUEST_TIMEOUT_MS before its stream opened and was answered 503: the
  // late handler stops here (Fastify logs the error), never writing a second head on that response.
  if (reply.sent) throw new Error('the request was answered (timed out) before its event stream opened');
  const given: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) given[name] = value;
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, { ...given, ...EVENT_STREAM_HEADERS });
  return res;
}
