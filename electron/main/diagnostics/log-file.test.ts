import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLogFile, openServerLogDestination, teeConsole } from './log-file';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'griddesk-log-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the desktop log file', () => {
  it('writes time-stamped lines with secrets already redacted', async () => {
    const log = openLogFile(join(dir, 'logs'));
    log.write('warn', 'login failed for {"password":"hunter2!"}');
    const text = await readFile(log.path, 'utf8');
    expect(text).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z WARN {2}login failed for \{"password":"\[REDACTED\]"\}\n$/);
  });

  it('starts a new file past its cap, keeping one old one', async () => {
    const log = openLogFile(dir, 200);
    for (let i = 0; i < 12; i += 1) log.write('info', `line ${i} ${'.'.repeat(40)}`);
    expect((await readdir(dir)).sort()).toEqual(['main.log', 'main.old.log']);
    const current = await readFile(join(dir, 'main.log'), 'utf8');
    const old = await readFile(join(dir, 'main.old.log'), 'utf8');
    expect(current).toContain('line 11');
    expect(Buffer.byteLength(current)).toBeLessThanOrEqual(200);
    expect(Buffer.byteLength(old)).toBeLessThanOrEqual(200);
    expect(old).not.toContain('line 0 ');
  });

  it('copies console lines into the file and can stop', async () => {
    const log = openLogFile(dir);
    const printed: string[] = [];
    const fake = {
      log: (...args: unknown[]) => printed.push(`log ${args.join(' ')}`),
      info: (...args: unknown[]) => printed.push(`info ${args.join(' ')}`),
      warn: (...args: unknown[]) => printed.push(`warn ${args.join(' ')}`),
      error: (...args: unknown[]) => printed.push(`error ${args.join(' ')}`),
      debug: (...args: unknown[]) => printed.push(`debug ${args.join(' ')}`),
    };
    const stop = teeConsole(fake, log);
    fake.warn('GridDesk: could not %s', 'start', { code: 'EADDRINUSE' });
    fake.log('plain');
    stop();
    fake.error('after stop');
    expect(printed).toEqual(['warn GridDesk: could not %s start [object Object]', 'log plain', 'error after stop']);
    const text = await readFile(log.path, 'utf8');
    expect(text).toContain("WARN  GridDesk: could not start { code: 'EADDRINUSE' }");
    expect(text).toContain('INFO  plain');
    expect(text).not.toContain('after stop');
  });

  it("keeps the embedded server's JSON lines in server.log, capped on their own and redacted", async () => {
    const main = openLogFile(dir, 300);
    main.write('info', 'desktop started');
    const server = openServerLogDestination(dir, 300);
    for (let i = 0; i < 8; i += 1) {
      server.write(`${JSON.stringify({ level: 30, time: 1, msg: `request ${i}`, body: { password: 'hunter2!' } })}\n`);
    }
    expect((await readdir(dir)).sort()).toEqual(['main.log', 'server.log', 'server.old.log']);
    const lines = (await readFile(server.path, 'utf8')).trim().split('\n');
    const last = JSON.parse(lines.at(-1)!) as { msg: string; body: { password: string } };
    expect(last.msg).toBe('request 7');
    expect(last.body.password).toBe('[REDACTED]');
    expect(await readFile(main.path, 'utf8')).toContain('desktop started');
  });
});
