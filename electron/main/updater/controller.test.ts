/**
 * The updater's decisions with the Electron parts (dialog, installer, Squirrel) as fakes: the
 * check and the download are the real ones, against a feed served on loopback.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkForUpdate } from './check';
import { CHECK_INTERVAL_MS, createUpdateController, type PreparedUpdate, type UpdaterPorts } from './controller';
import { downloadVerified } from './download';
import type { InstallMoment } from './install';
import type { UpdateQuestion } from './question';
import { updateTarget, type UpdateTarget } from './target';
import { latestYml, startLocalFeed, type LocalFeed } from './testing/local-feed';

let feed: LocalFeed;
let dir: string;
beforeEach(async () => {
  feed = await startLocalFeed();
  dir = await mkdtemp(join(tmpdir(), 'griddesk-updater-'));
});
afterEach(async () => {
  vi.useRealTimers();
  await feed.close();
  await rm(dir, { recursive: true, force: true });
});

interface Recorded {
  questions: UpdateQuestion[];
  installs: { update: PreparedUpdate; moment: InstallMoment }[];
  downloads: string[];
  log: string[];
}

/** Real check and download; the member's answers scripted in `answers` (true = the action). */
function ports(answers: boolean[], target: UpdateTarget = updateTarget('win32', 'x64', undefined), overrides: Partial<UpdaterPorts> = {}) {
  const recorded: Recorded = { questions: [], installs: [], downloads: [], log: [] };
  const value: UpdaterPorts = {
    check: () => checkForUpdate({ feedUrl: feed.url, currentVersion: '0.1.0', target, fetch }),
    prepare: async (update) => ({ version: update.version, path: await downloadVerified({ file: update.install!, dir, fetch }) }),
    ask: async (question) => {
      recorded.questions.push(question);
      return answers.shift() ?? false;
    },
    install: async (update, moment) => {
      recorded.installs.push({ update, moment });
    },
    openDownload: (url) => recorded.downloads.push(url),
    log: (line) => recorded.log.push(line),
    ...overrides,
  };
  return { ports: value, recorded };
}

function publish(version: string, body = `installer ${version}`, notes = `## ${version}\n\n- **New**: things`): void {
  feed.put('latest.yml', latestYml(version, [{ url: `GridDesk-Setup-${version}.exe`, body }], notes));
  feed.put(`GridDesk-Setup-${version}.exe`, body);
}

describe('the update controller', () => {
  it('downloads a newer version, asks, and restarts into the verified installer', async () => {
    publish('0.2.0');
    const { ports: p, recorded } = ports([true]);
    const controller = createUpdateController(p);
    expect(await controller.checkNow()).toBe('installing');
    expect(recorded.questions).toEqual([
      expect.objectContaining({ message: 'GridDesk 0.2.0 is ready to install', buttons: ['Restart now', 'Later'], detail: expect.stringContaining('• New: things') }),
    ]);
    expect(recorded.installs).toHaveLength(1);
    expect(recorded.installs[0]!.moment).toBe('now');
    expect(controller.hasPendingInstall()).toBe(false);
    expect(await readFile(recorded.installs[0]!.update.path, 'utf8')).toBe('installer 0.2.0');
  });

  it('after Later, asks no more about that version and installs it when the app quits', async () => {
    publish('0.2.0');
    const { ports: p, recorded } = ports([false]);
    const controller = createUpdateController(p);
    expect(await controller.checkNow()).toBe('waiting');
    expect(await controller.checkNow()).toBe('waiting');
    expect(recorded.questions).toHaveLength(1);
    expect(feed.requests.filter((r) => r.endsWith('.exe'))).toHaveLength(1);
    expect(controller.hasPendingInstall()).toBe(true);
    expect(await controller.installOnQuit()).toBe(true);
    expect(recorded.installs.map((i) => [i.update.version, i.moment])).toEqual([['0.2.0', 'on-quit']]);
    expect(controller.hasPendingInstall()).toBe(false);
    expect(await controller.installOnQuit()).toBe(false);
  });

  it('prepares a newer version published after the member put one off', async () => {
    publish('0.2.0');
    const { ports: p, recorded } = ports([false, false]);
    const controller = createUpdateController(p);
    await controller.checkNow();
    publish('0.3.0');
    expect(await controller.checkNow()).toBe('waiting');
    expect(recorded.questions.map((q) => q.message)).toEqual(['GridDesk 0.2.0 is ready to install', 'GridDesk 0.3.0 is ready to install']);
    await controller.installOnQuit();
    expect(recorded.installs.map((i) => i.update.version)).toEqual(['0.3.0']);
  });

  it('does nothing on the same, an older, a malformed or an unreachable feed, and logs why', async () => {
    const { ports: p, recorded } = ports([true]);
    const controller = createUpdateController(p);
    publish('0.1.0');
    expect(await controller.checkNow()).toBe('current');
    publish('0.0.1');
    expect(await controller.checkNow()).toBe('current');
    feed.put('latest.yml', 'version: [');
    expect(await controller.checkNow()).toBe('failed');
    await feed.close();
    expect(await controller.checkNow()).toBe('failed');
    expect(recorded.questions).toEqual([]);
    expect(recorded.installs).toEqual([]);
    expect(recorded.log).toEqual([
      'updates: up to date (the feed offers 0.1.0: same)',
      'updates: up to date (the feed offers 0.0.1: older)',
      expect.stringMatching(/^updates: check failed \(malformed\): .*latest\.yml/),
      expect.stringMatching(/^updates: check failed \(unreachable\): http:\/\/127\.0\.0\.1:\d+\/latest\.yml: /),
    ]);
  });

  it('offers the download when the installer on the feed does not match its SHA-512', async () => {
    publish('0.2.0');
    // Same length, other bytes: only the SHA-512 tells.
    feed.put('GridDesk-Setup-0.2.0.exe', 'installer 0.2.X');
    const { ports: p, recorded } = ports([true]);
    expect(await createUpdateController(p).checkNow()).toBe('offered');
    expect(recorded.installs).toEqual([]);
    expect(recorded.questions[0]).toMatchObject({ message: 'GridDesk 0.2.0 is available', buttons: ['Download', 'Later'] });
    expect(recorded.downloads).toEqual([`${feed.url}GridDesk-Setup-0.2.0.exe`]);
    expect(recorded.log.some((l) => l.includes('sha512'))).toBe(true);
  });

  it('offers a deb installation the download without fetching it', async () => {
    feed.put('latest-linux.yml', latestYml('0.2.0', [{ url: 'GridDesk-0.2.0-amd64.deb', body: 'deb' }]));
    const { ports: p, recorded } = ports([false], updateTarget('linux', 'x64', undefined));
    const controller = createUpdateController(p);
    expect(await controller.checkNow()).toBe('declined');
    expect(await controller.checkNow()).toBe('waiting');
    expect(recorded.questions).toHaveLength(1);
    expect(recorded.downloads).toEqual([]);
    expect(feed.requests).toEqual(['/latest-linux.yml', '/latest-linux.yml']);
    expect(await controller.installOnQuit()).toBe(false);
  });

  it('runs one check at a time', async () => {
    publish('0.2.0');
    let release: () => void = () => undefined;
    const { ports: p } = ports([false], undefined, {
      check: () => new Promise((resolve) => (release = () => resolve({ kind: 'current', version: '0.1.0', reason: 'same' }))),
    });
    const controller = createUpdateController(p);
    const first = controller.checkNow();
    expect(await controller.checkNow()).toBe('busy');
    release();
    expect(await first).toBe('current');
  });

  it('checks at start and every 6 hours until stopped', async () => {
    vi.useFakeTimers();
    const check = vi.fn(async () => ({ kind: 'current' as const, version: '0.1.0', reason: 'same' as const }));
    const { ports: p } = ports([], undefined, { check });
    const stop = createUpdateController(p).start();
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS - 1);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS);
    expect(check).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS * 2);
    expect(check).toHaveBeenCalledTimes(3);
  });
});
