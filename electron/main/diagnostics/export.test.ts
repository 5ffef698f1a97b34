import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildDiagnosticsZip, diagnosticsFileName, type DiagnosticsInput } from './export';
import { readZip } from './testing/read-zip';

const NOW = new Date('2026-11-27T08:44:00Z');
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
const SECRETS_KEY = 'a'.repeat(32) + 'b1'.repeat(16);
const EXCHANGE_SECRET = 'Zt5oQm2PnV8xLr4cWk7yHb3jDf6gSa9eUi1pTo0qMnBvCxZlKjHgFdSaPoIuYtRe';
const SECRETS = [JWT, SECRETS_KEY, EXCHANGE_SECRET, 'hunter2!', 'smtp-pa55', 'member@example.com'];

let dir: string;
let health: Server;
let healthUrl: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'griddesk-diagnostics-'));
  await mkdir(join(dir, 'logs'));
  await writeFile(
    join(dir, 'logs', 'main.log'),
    [
      '2026-11-27T08:00:00.000Z INFO  GridDesk started',
      `{"level":30,"msg":"request","req":{"headers":{"authorization":"Bearer ${JWT}"}}}`,
      `2026-11-27T08:01:00.000Z WARN  SECRETS_KEY=${SECRETS_KEY} rejected`,
      `{"level":40,"msg":"keys:save","apiSecret":"${EXCHANGE_SECRET}","password":"hunter2!"}`,
      'SMTP_URL=smtps://mailer:smtp-pa55@mail.example:465 down',
      '',
    ].join('\n'),
  );
  await writeFile(join(dir, 'logs', 'main.old.log'), 'x'.repeat(100) + '\nline kept at the end\n');
  await writeFile(join(dir, 'logs', 'ancient.log'), 'from last month\n');
  await utimes(join(dir, 'logs', 'ancient.log'), new Date('2026-10-01'), new Date('2026-10-01'));
  await writeFile(join(dir, 'logs', 'notes.txt'), 'not a log\n');
  await writeFile(
    join(dir, 'settings.json'),
    JSON.stringify({
      theme: 'dark',
      email: 'member@example.com',
      serverUrl: 'http://127.0.0.1:51234',
      userData: { usdtToken: '120.5', token: JWT },
      accessToken: JWT,
    }),
  );
  health = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok","exchange":{"prices":"stream"}}');
  });
  await new Promise<void>((resolve) => health.listen(0, '127.0.0.1', resolve));
  healthUrl = `http://127.0.0.1:${(health.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await new Promise<void>((resolve) => health.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

function input(overrides: Partial<DiagnosticsInput> = {}): DiagnosticsInput {
  return {
    now: NOW,
    versions: { app: '0.1.0', electron: '45.4.1', node: '22.20.0', os: 'linux 6.1.0 x64' },
    logDirs: [{ label: 'desktop', path: join(dir, 'logs') }],
    settingsFile: join(dir, 'settings.json'),
    serverUrl: healthUrl,
    env: {
      GRIDDESK_SERVER_URL: undefined,
      LOG_LEVEL: 'debug',
      SECRETS_KEY,
      SMTP_URL: 'smtps://mailer:smtp-pa55@mail.example:465',
      HOME: '/home/m',
    },
    fetch,
    maxBytesPerLog: 64,
    ...overrides,
  };
}

async function unzip(options: Partial<DiagnosticsInput> = {}): Promise<Map<string, string>> {
  const zip = await buildDiagnosticsZip(input(options));
  return new Map(readZip(zip).map((entry) => [entry.name, entry.data.toString('utf8')]));
}

describe('the diagnostics zip', () => {
  it('holds the recent logs, versions, settings, health and environment, readable', async () => {
    const files = await unzip({ maxBytesPerLog: 4096 });
    expect([...files.keys()]).toEqual([
      'README.txt',
      'versions.json',
      'settings.json',
      'health.json',
      'environment.json',
      expect.stringMatching(/^logs\/desktop\/main(\.old)?\.log$/),
      expect.stringMatching(/^logs\/desktop\/main(\.old)?\.log$/),
    ]);
    expect(JSON.parse(files.get('versions.json')!)).toEqual({
      app: '0.1.0',
      electron: '45.4.1',
      node: '22.20.0',
      os: 'linux 6.1.0 x64',
    });
    expect(JSON.parse(files.get('health.json')!)).toEqual({
      url: `${healthUrl}/healthz`,
      status: 200,
      body: { status: 'ok', exchange: { prices: 'stream' } },
    });
    expect(JSON.parse(files.get('settings.json')!)).toEqual({
      theme: 'dark',
      email: '[REDACTED]',
      serverUrl: 'http://127.0.0.1:51234',
      userData: { usdtToken: '120.5', token: '[REDACTED]' },
      accessToken: '[REDACTED]',
    });
    expect(JSON.parse(files.get('environment.json')!)).toEqual({
      LOG_LEVEL: 'debug',
      SECRETS_KEY: '[REDACTED]',
      SMTP_URL: 'smtps://mailer:[REDACTED]@mail.example:465',
    });
    expect(files.get('logs/desktop/main.log')).toContain('GridDesk started');
    expect(files.get('README.txt')).toContain('logs/desktop/main.log');
  });

  it('holds no secret in any file', async () => {
    const files = await unzip({ maxBytesPerLog: 4096 });
    for (const [name, text] of files) {
      for (const secret of SECRETS) expect(text, `${name} leaks ${secret.slice(0, 8)}...`).not.toContain(secret);
    }
    expect(files.get('logs/desktop/main.log')).toContain('[REDACTED]');
  });

  it('keeps only the end of a long log, from a whole line, and leaves out old and other files', async () => {
    const files = await unzip();
    expect(files.get('logs/desktop/main.old.log')).toBe('[earlier lines left out]\nline kept at the end\n');
    expect([...files.keys()].some((name) => name.includes('ancient') || name.includes('notes'))).toBe(false);
  });

  it('says why the health and the settings are missing rather than failing', async () => {
    await new Promise<void>((resolve) => health.close(() => resolve()));
    health = createServer();
    await new Promise<void>((resolve) => health.listen(0, '127.0.0.1', resolve));
    const files = await unzip({
      serverUrl: 'http://127.0.0.1:9',
      settingsFile: join(dir, 'missing.json'),
      logDirs: [{ label: 'desktop', path: join(dir, 'nowhere') }],
    });
    expect(JSON.parse(files.get('health.json')!)).toMatchObject({ url: 'http://127.0.0.1:9/healthz', error: expect.any(String) });
    expect(JSON.parse(files.get('settings.json')!)).toEqual({ unavailable: 'ENOENT' });
    expect([...files.keys()].filter((name) => name.startsWith('logs/'))).toEqual([]);
    const remote = await unzip({ serverUrl: null });
    expect(JSON.parse(remote.get('health.json')!)).toEqual({ unavailable: 'no platform server was started' });
  });

  it('is named for the moment it was written', () => {
    expect(diagnosticsFileName(new Date(2026, 10, 27, 8, 4))).toBe('GridDesk-diagnostics-2026-11-27-0804.zip');
  });
});
