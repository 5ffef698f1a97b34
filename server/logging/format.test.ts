/**
 * What the server's log looks like on stdout (issue 22 item 2): readable lines in a terminal,
 * JSON for a log collector, LOG_FORMAT forcing either; credentials redacted either way.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type Config } from '../config/config';
import { chooseLogFormat, prettyDestination, prettyLogLine } from './format';
import { loggerOptions } from './logger';

const secrets = { JWT_SECRET: 'x'.repeat(40), SECRETS_KEY: 'ab'.repeat(32) };
const ESC = '\u001b';

function configWith(env: Record<string, string>): Config {
  return loadConfig({ ...secrets, DATA_DIR: mkdtempSync(join(tmpdir(), 'griddesk-log-format-')), ...env });
}

/** What a pino logger built from the server's options writes to a stdout that is (or is not) a terminal. */
function loggedTo(config: Config, isTTY: boolean, log: (logger: pino.Logger) => void): string {
  const written: string[] = [];
  const options = loggerOptions(config, true, { isTTY, write: (line: string) => written.push(line) }) as pino.LoggerOptions & {
    stream: pino.DestinationStream;
  };
  const { stream, ...rest } = options;
  log(pino(rest, stream));
  return written.join('');
}

describe('chooseLogFormat', () => {
  it.each([
    ['auto', true, 'pretty'],
    ['auto', false, 'json'],
    ['json', true, 'json'],
    ['json', false, 'json'],
    ['pretty', true, 'pretty'],
    ['pretty', false, 'pretty'],
  ] as const)('LOG_FORMAT=%s with a terminal: %s -> %s', (setting, terminal, format) => {
    expect(chooseLogFormat(setting, terminal)).toBe(format);
  });
});

describe('LOG_FORMAT', () => {
  it('is auto by default, takes json or pretty, and stops boot on anything else', () => {
    expect(configWith({}).logFormat).toBe('auto');
    expect(configWith({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(configWith({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => configWith({ LOG_FORMAT: 'text' })).toThrow(
      new ConfigError('Invalid configuration: LOG_FORMAT must be one of auto, json, pretty (got "text")'),
    );
  });
});

describe('the server logger on stdout', () => {
  it('writes readable lines to a terminal', () => {
    const text = loggedTo(configWith({}), true, (logger) => logger.info({ bot: 'b-1' }, 'bot started'));
    expect(text).toMatch(new RegExp(`^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} ${ESC}\\[32mINFO ${ESC}\\[39m bot started  bot=b-1\\n$`));
    expect(text).not.toContain('"level"');
  });

  it('writes JSON lines when stdout is not a terminal (a pipe, a log collector)', () => {
    const text = loggedTo(configWith({}), false, (logger) => logger.info({ bot: 'b-1' }, 'bot started'));
    expect(JSON.parse(text)).toMatchObject({ level: 30, msg: 'bot started', bot: 'b-1' });
  });

  it('writes JSON to a terminal with LOG_FORMAT=json, and uncoloured pretty lines to a pipe with LOG_FORMAT=pretty', () => {
    const json = loggedTo(configWith({ LOG_FORMAT: 'json' }), true, (logger) => logger.warn('slow exchange'));
    expect(JSON.parse(json)).toMatchObject({ level: 40, msg: 'slow exchange' });
    const pretty = loggedTo(configWith({ LOG_FORMAT: 'pretty' }), false, (logger) => logger.warn('slow exchange'));
    expect(pretty).toMatch(/^\d\d:\d\d:\d\d\.\d{3} WARN {2}slow exchange\n$/);
  });

  it('redacts the configured credentials from pretty lines too, whatever their escaping in JSON', () => {
    const config = {
      ...configWith({ LOG_FORMAT: 'pretty' }),
      databaseUrl: 'postgres://griddesk:db-"s3cret@db.internal:5432/griddesk',
    };
    const text = loggedTo(config, false, (logger) => {
      logger.info('connecting to postgres://griddesk:db-"s3cret@db.internal:5432/griddesk');
      logger.error({ err: new Error('password db-"s3cret refused') }, 'database down');
    });
    expect(text).not.toContain('s3cret');
    expect(text).toContain('postgres://griddesk:[REDACTED]@db.internal:5432/griddesk');
  });

  it('keeps a given stream JSON, whatever LOG_FORMAT says (tests and files read JSON)', () => {
    const lines: string[] = [];
    const options = loggerOptions(configWith({ LOG_FORMAT: 'pretty' }), {
      stream: { write: (line: string) => lines.push(line) },
    }) as pino.LoggerOptions & { stream: pino.DestinationStream };
    const { stream, ...rest } = options;
    pino(rest, stream).info('hello');
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'hello' });
  });
});

describe('prettyLogLine', () => {
  const time = new Date(2026, 0, 2, 3, 4, 5, 67).getTime();

  it('shows the local time, the level and the message, then the other fields as key=value', () => {
    const line = JSON.stringify({
      level: 30,
      time,
      pid: 1,
      hostname: 'h',
      reqId: 'req-1',
      req: { method: 'GET', url: '/api/x', remoteAddress: '127.0.0.1' },
      msg: 'incoming request',
    });
    expect(prettyLogLine(line)).toBe(
      '03:04:05.067 INFO  incoming request  reqId=req-1 req.method=GET req.url=/api/x req.remoteAddress=127.0.0.1\n',
    );
  });

  it('quotes values with spaces or quotes, and shows numbers, booleans, null and arrays as JSON', () => {
    const line = JSON.stringify({
      level: 40,
      time,
      msg: 'm',
      reason: 'two words',
      n: 1.5,
      ok: false,
      none: null,
      list: [1, 'a'],
      empty: {},
    });
    expect(prettyLogLine(line)).toBe('03:04:05.067 WARN  m  reason="two words" n=1.5 ok=false none=null list=[1,"a"] empty={}\n');
  });

  it("puts an error's stack and its cause's under the line, indented", () => {
    const line = JSON.stringify({
      level: 50,
      time,
      msg: 'request failed',
      err: {
        type: 'Error',
        message: 'boom',
        stack: 'Error: boom\n    at f (a.ts:1:1)',
        code: 'E1',
        cause: { type: 'Error', message: 'root', stack: 'Error: root\n    at g (b.ts:2:2)' },
      },
    });
    expect(prettyLogLine(line)).toBe(
      [
        '03:04:05.067 ERROR request failed  err.code=E1',
        '    Error: boom',
        '        at f (a.ts:1:1)',
        '    caused by: Error: root',
        '        at g (b.ts:2:2)',
        '',
      ].join('\n'),
    );
  });

  it('names every pino level and colours it only when asked', () => {
    const names = [10, 20, 30, 40, 50, 60].map((level) => prettyLogLine(JSON.stringify({ level, time, msg: 'x' })).slice(13, 18));
    expect(names).toEqual(['TRACE', 'DEBUG', 'INFO ', 'WARN ', 'ERROR', 'FATAL']);
    expect(prettyLogLine(JSON.stringify({ level: 50, time, msg: 'x' }), { colours: true })).toBe(
      `03:04:05.067 ${ESC}[31mERROR${ESC}[39m x\n`,
    );
  });

  it('leaves a line that is not a JSON object as it is', () => {
    for (const line of ['plain text', '42', '["a"]', '{"broken"']) expect(prettyLogLine(line)).toBe(line);
  });
});

describe('prettyDestination', () => {
  it('rewrites each line of a chunk and ends each with one newline', () => {
    const written: string[] = [];
    const destination = prettyDestination({ write: (text: string) => written.push(text) });
    destination.write(`${JSON.stringify({ level: 30, time: 0, msg: 'a' })}\nnot json\n`);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^\d\d:\d\d:\d\d\.000 INFO {2}a\nnot json\n$/);
  });
});
