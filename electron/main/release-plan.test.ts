/**
 * `npm run dist`'s pre-flight (scripts/dist-preflight.mjs over build/release-plan.cjs and
 * build/changelog.cjs): one line for each thing skipped for want of a credential, no value ever
 * printed, and the build stopped when the feed URL or this version's release notes are wrong.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFeedUrl } from './updater/feed-url';

const root = join(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
type Plan = { mac: { signed: boolean; notarize: boolean }; win: { signed: boolean }; feedUrl: string | null; errors: string[] };
const { releasePlan, describePlan, feedUrlFrom } = require(join(root, 'build', 'release-plan.cjs')) as {
  releasePlan(env: Record<string, string>): Plan;
  describePlan(plan: Plan): string[];
  feedUrlFrom(raw: string): { url: string } | { error: string };
};
const { releaseNotesFor } = require(join(root, 'build', 'changelog.cjs')) as {
  releaseNotesFor(text: string, version: string): string | null;
};

const SECRET_VALUES = {
  CSC_LINK: 'MIIKsQIBAzCCCn-secret',
  CSC_KEY_PASSWORD: 'p12-pw-9',
  WIN_CSC_LINK: 'MIIJ2w-secret',
  WIN_CSC_KEY_PASSWORD: 'pfx-pw-8',
  APPLE_ID: 'ops@griddesk.app',
  APPLE_APP_SPECIFIC_PASSWORD: 'abcd-efgh-ijkl-mnop',
  APPLE_TEAM_ID: 'TEAM123456',
};

/**
 * The pre-flight for a Linux build wherever the test runs: on macOS or Windows an unsigned build
 * of that machine's own installer is refused (scripts/dist-preflight.test.ts covers that).
 */
function preflight(env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(CSC_|WIN_CSC_|WIN_PUBLISHER_NAME|APPLE_|UPDATE_FEED_URL|ALLOW_UNSIGNED)/.test(name),
    ),
  );
  return spawnSync(process.execPath, [join(root, 'scripts', 'dist-preflight.mjs'), '--linux'], {
    env: { ...clean, ...env },
    encoding: 'utf8',
  });
}

describe('the pre-dist check', () => {
  it('says in one line each what is skipped without credentials, and goes on', () => {
    const run = preflight({});
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines.filter((l) => l.includes('skipped'))).toEqual([
      expect.stringMatching(/^dist: macOS: code signing skipped: set CSC_LINK/),
      expect.stringMatching(/^dist: macOS: notarization skipped: set APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID/),
      expect.stringMatching(/^dist: Windows: code signing skipped: set WIN_CSC_LINK and WIN_CSC_KEY_PASSWORD/),
    ]);
    expect(lines).toContain('dist: updates: no UPDATE_FEED_URL: these installs will not update themselves');
    expect(lines.at(-1)).toMatch(/^dist: release notes: CHANGELOG\.md section \d+\.\d+\.\d+/);
  });

  it("names what it signs with, never a credential's value", () => {
    const run = preflight({ ...SECRET_VALUES, UPDATE_FEED_URL: 'https://updates.griddesk.app/desktop' });
    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain('skipped');
    expect(run.stdout).toContain('dist: macOS: notarizing with Apple');
    expect(run.stdout).toContain('dist: updates: installs check https://updates.griddesk.app/desktop/');
    for (const value of Object.values(SECRET_VALUES)) expect(run.stdout + run.stderr).not.toContain(value);
  });

  it('stops the build on a feed URL the app would refuse', () => {
    const run = preflight({ UPDATE_FEED_URL: 'http://updates.griddesk.app/' });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('dist: error: UPDATE_FEED_URL must use https://');
  });

  it('signs Windows with either certificate variable, and notarizes with an App Store Connect key too', () => {
    expect(releasePlan({ CSC_LINK: 'x' }).win.signed).toBe(true);
    expect(releasePlan({ WIN_CSC_LINK: 'x' })).toMatchObject({ win: { signed: true }, mac: { signed: false } });
    expect(
      releasePlan({
        CSC_NAME: 'Developer ID Application: GridDesk',
        APPLE_API_KEY: 'k.p8',
        APPLE_API_KEY_ID: 'K',
        APPLE_API_ISSUER: 'I',
      }).mac,
    ).toMatchObject({ signed: true, notarize: true });
    expect(releasePlan({ CSC_LINK: 'x', APPLE_ID: 'a', APPLE_TEAM_ID: 't' }).mac.notarize).toBe(false);
    expect(describePlan(releasePlan({ APPLE_ID: 'a', APPLE_APP_SPECIFIC_PASSWORD: 'b', APPLE_TEAM_ID: 'c' }))).toContain(
      'macOS: notarization skipped: an unsigned app cannot be notarized (set CSC_LINK)',
    );
  });
});

describe('the feed URL rule', () => {
  it.each([
    'https://updates.griddesk.app/desktop',
    'https://updates.griddesk.app/desktop/?v=1#x',
    'http://127.0.0.1:8765',
    'http://localhost/feed',
    'http://[::1]:9000/',
    'http://updates.griddesk.app/',
    'ftp://x.example/',
    'https://u:p@x.example/',
    'not a url',
    'file:///srv/feed',
  ])('is the same at build time and in the app for %s', (raw) => {
    const atBuild = feedUrlFrom(raw);
    const inApp = checkFeedUrl(raw);
    expect('url' in atBuild ? atBuild.url : 'refused').toBe('url' in inApp ? inApp.url : 'refused');
  });
});

describe('release notes from CHANGELOG.md', () => {
  const changelog =
    '# Changelog\n\nIntro.\n\n## [0.3.0] - 2026-12-01\n\n- Third\n\n## 0.2.0\n\n### Bots\n- Second\n\n## v0.1.0\n\n- First\n\n## 0.0.9\n\n';
  it.each([
    ['0.3.0', '- Third'],
    ['0.2.0', '### Bots\n- Second'],
    ['0.1.0', '- First'],
    ['0.0.9', null],
    ['0.2', null],
    ['1.0.0', null],
  ])('for %s', (version, notes) => {
    expect(releaseNotesFor(changelog, version)).toBe(notes);
  });
});
