/**
 * The quiet request log (request-log.ts, Fastify's LogController): a request is one line at debug, a failed (5xx) or slow
 * one at warn, and Fastify's own info lines are gone, so `npm start` and the preview keep their
 * terminal for the launch link and the notifications.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { QuietRequestLog } from './request-log';

interface Line {
  level: number;
  msg: string;
  req?: { url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

const DEBUG = 20;
const INFO = 30;
const WARN = 40;

async function appLogging(level: string) {
  const lines: Line[] = [];
  const app = Fastify({
    logger: { level, stream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) } },
    logController: new QuietRequestLog(50),
  });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/missing', async (_request, reply) => reply.code(404).send({ message: 'no' }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  app.get('/slow', async () => {
    await new Promise((done) => setTimeout(done, 80));
    return { ok: true };
  });
  // An event stream: taken over (hijack) and open for as long as the page is.
  app.get('/stream', async (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
    await new Promise((done) => setTimeout(done, 80));
    reply.raw.end();
  });
  await app.ready();
  return { app, lines };
}

const requestLines = (lines: Line[]) => lines.filter((line) => line.req?.url !== undefined && line.res !== undefined);

describe('quiet request log', () => {
  it('logs an answered request once, at debug, with its status and time', async () => {
    const { app, lines } = await appLogging('debug');
    await app.inject({ url: '/ok' });
    await app.inject({ url: '/missing' });
    await app.close();
    expect(requestLines(lines).map((line) => [line.level, line.req?.url, line.res?.statusCode])).toEqual([
      [DEBUG, '/ok', 200],
      [DEBUG, '/missing', 404],
    ]);
    expect(lines.some((line) => line.level === INFO && /request/.test(line.msg))).toBe(false);
  });

  it('prints nothing per request at info, the level npm start runs at', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject({ url: '/ok' });
    await app.close();
    expect(requestLines(lines)).toEqual([]);
  });

  it('still warns about a failed request and a slow one at info', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject({ url: '/boom' });
    await app.inject({ url: '/slow' });
    await app.close();
    const warned = requestLines(lines).filter((line) => line.level === WARN);
    expect(warned.map((line) => [line.msg, line.req?.url, line.res?.statusCode])).toEqual([
      ['request failed', '/boom', 500],
      ['slow request', '/slow', 200],
    ]);
    expect(warned[1]!.responseTime).toBeGreaterThanOrEqual(50);
  });

  it('does not call an event stream slow: it is open for as long as the page is', async () => {
    const { app, lines } = await appLogging('info');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    await (await fetch(`http://127.0.0.1:${port}/stream`)).text();
    await app.close();
    expect(requestLines(lines)).toEqual([]);
  });
});
