/**
 * Signed updates or none (issue 34): `npm run dist` builds a Windows or macOS installer signed
 * (and the Mac app notarized) or refuses, unless ALLOW_UNSIGNED=1 says so; a signed Windows
 * build names its publisher, so electron-updater checks each update's signature. The decisions
 * (build/release-plan.cjs), the configuration they make (build/builder-config.cjs, read by
 * electron-builder's own schema and signing code) and the pre-flight as a process. No Electron
 * binary is needed; nothing is packaged. The rest of the pre-flight and the packaging check are
 * electron/main/release-plan.test.ts and electron/main/packaging.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

type Platform = 'win' | 'mac' | 'linux';
type Plan = {
  allowUnsigned: boolean;
  refusals: string[];
  errors: string[];
  win: { signed: boolean; publisherName: string | null };
};
const { releasePlan, describePlan, hostPlatform } = require(join(root, 'build', 'release-plan.cjs')) as {
  releasePlan(env: Record<string, string>, platforms?: Platform[]): Plan;
  describePlan(plan: Plan): string[];
  hostPlatform(nodePlatform: string): Platform;
};
type Config = { forceCodeSigning: boolean; win: Record<string, unknown> & { signtoolOptions?: { publisherName?: string } } };
const { createConfig } = require(join(root, 'build', 'builder-config.cjs')) as {
  createConfig(env: Record<string, string>): Config;
};
const ebConfig = require('app-builder-lib/out/util/config/config.js') as {
  validateConfiguration(config: unknown, logger: { isEnabled: boolean; add(): void }): Promise<void>;
};
const { WindowsSignToolManager } = require('app-builder-lib/out/codeSign/windowsSignToolManager.js') as {
  WindowsSignToolManager: new (packager: { platformSpecificBuildOptions: unknown }) => {
    computedPublisherName: { value: Promise<string[] | null> };
  };
};
const quiet = { isEnabled: false, add: () => undefined };

const PUBLISHER = 'CN=GridDesk Ltd, O=GridDesk Ltd, L=London, C=GB';
const WINDOWS = { WIN_CSC_LINK: 'MIIJ2w-secret', WIN_CSC_KEY_PASSWORD: 'pfx-pw-8', WIN_PUBLISHER_NAME: PUBLISHER };
const MAC = {
  CSC_LINK: 'MIIKsQIBAzCCCn-secret',
  CSC_KEY_PASSWORD: 'p12-pw-9',
  APPLE_ID: 'ops@griddesk.app',
  APPLE_APP_SPECIFIC_PASSWORD: 'abcd-efgh-ijkl-mnop',
  APPLE_TEAM_ID: 'TEAM123456',
};
const SECRETS = ['MIIJ2w-secret', 'pfx-pw-8', 'MIIKsQIBAzCCCn-secret', 'p12-pw-9', 'abcd-efgh-ijkl-mnop'];
const OR_ALLOW = '; or ALLOW_UNSIGNED=1 for a build no member installs';

const UNSIGNED_WINDOWS = `refusing to build an unsigned Windows installer: set WIN_CSC_LINK and WIN_CSC_KEY_PASSWORD (or CSC_LINK and CSC_KEY_PASSWORD) and WIN_PUBLISHER_NAME${OR_ALLOW}`;
const UNVERIFIED_WINDOWS = `refusing to build a Windows installer whose updates no install would verify: set WIN_PUBLISHER_NAME to the certificate's subject (as electron-updater compares it, e.g. "CN=GridDesk Ltd, O=GridDesk Ltd, C=GB")${OR_ALLOW}`;
const UNSIGNED_MAC = `refusing to build an unsigned macOS app: set CSC_LINK and CSC_KEY_PASSWORD (or CSC_NAME) and notarization's APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID (or APPLE_API_KEY, APPLE_API_KEY_ID and APPLE_API_ISSUER)${OR_ALLOW}`;

describe('which installers npm run dist refuses to build', () => {
  it.each<[string, Record<string, string>, Platform[], string[]]>([
    ['Linux alone: nothing to sign', {}, ['linux'], []],
    ['Windows without a certificate', {}, ['win'], [UNSIGNED_WINDOWS]],
    ['Windows signed but no publisher name', { WIN_CSC_LINK: 'x' }, ['win'], [UNVERIFIED_WINDOWS]],
    ['Windows signed with CSC_LINK but no publisher name', { CSC_LINK: 'x' }, ['win'], [UNVERIFIED_WINDOWS]],
    ['Windows signed with its publisher', WINDOWS, ['win'], []],
    ['macOS without a certificate', {}, ['mac'], [UNSIGNED_MAC]],
    [
      'macOS signed, no notarization',
      { CSC_LINK: 'x' },
      ['mac'],
      [
        `refusing to build a macOS app that is not notarized: set APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID (or APPLE_API_KEY, APPLE_API_KEY_ID and APPLE_API_ISSUER)${OR_ALLOW}`,
      ],
    ],
    [
      'macOS signed, an Apple ID half set',
      { CSC_NAME: 'Developer ID Application: GridDesk', APPLE_ID: 'a' },
      ['mac'],
      [`refusing to build a macOS app that is not notarized: set APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID${OR_ALLOW}`],
    ],
    [
      'macOS signed, an API key half set',
      { CSC_LINK: 'x', APPLE_API_KEY: 'k.p8', APPLE_API_KEY_ID: 'K' },
      ['mac'],
      [`refusing to build a macOS app that is not notarized: set APPLE_API_ISSUER${OR_ALLOW}`],
    ],
    ['macOS signed and notarized', MAC, ['mac'], []],
    ['both unsigned', {}, ['win', 'mac'], [UNSIGNED_WINDOWS, UNSIGNED_MAC]],
    ['both unsigned with ALLOW_UNSIGNED=1', { ALLOW_UNSIGNED: '1' }, ['win', 'mac', 'linux'], []],
    ['both unsigned with ALLOW_UNSIGNED=0', { ALLOW_UNSIGNED: '0' }, ['win', 'mac'], [UNSIGNED_WINDOWS, UNSIGNED_MAC]],
  ])('%s', (_case, env, platforms, refusals) => {
    expect(releasePlan(env, platforms).refusals).toEqual(refusals);
  });

  it('takes only 1 (or 0) as ALLOW_UNSIGNED, so a "true" or "yes" is an error rather than a silent refusal', () => {
    expect(releasePlan({ ALLOW_UNSIGNED: 'yes' }, ['win'])).toMatchObject({
      allowUnsigned: false,
      errors: ['ALLOW_UNSIGNED must be 1 (allow unsigned builds), 0 or unset (got "yes")'],
    });
    expect(releasePlan({ ALLOW_UNSIGNED: ' 1 ' }).allowUnsigned).toBe(true);
  });

  it("checks the machine's own platform by default, as electron-builder builds it", () => {
    expect(['win32', 'darwin', 'linux', 'freebsd'].map(hostPlatform)).toEqual(['win', 'mac', 'linux', 'linux']);
  });

  it('says ALLOW_UNSIGNED=1 aloud: what such installs trust for their updates', () => {
    expect(describePlan(releasePlan({ ALLOW_UNSIGNED: '1' }, ['win']))).toContain(
      "ALLOW_UNSIGNED=1: Windows and macOS may be built unsigned; installs of an unsigned build check updates against the feed's SHA-512 only, so never publish one to a feed members use",
    );
  });
});

describe('the electron-builder configuration, signed or refused', () => {
  it('forces code signing unless ALLOW_UNSIGNED=1', () => {
    expect(createConfig({}).forceCodeSigning).toBe(true);
    expect(createConfig({ ...WINDOWS, ...MAC }).forceCodeSigning).toBe(true);
    expect(createConfig({ ALLOW_UNSIGNED: '0' }).forceCodeSigning).toBe(true);
    expect(createConfig({ ALLOW_UNSIGNED: '1' }).forceCodeSigning).toBe(false);
  });

  it('names the Windows publisher where electron-builder 26 reads it, so app-update.yml carries it for electron-updater', async () => {
    const config = createConfig({ ...WINDOWS, ...MAC });
    expect(config.win).toMatchObject({ verifyUpdateCodeSignature: true, signtoolOptions: { publisherName: PUBLISHER } });
    await expect(ebConfig.validateConfiguration(config, quiet)).resolves.toBeUndefined();
    // What electron-builder's Windows signing computes for app-update.yml's publisherName.
    expect(await new WindowsSignToolManager({ platformSpecificBuildOptions: config.win }).computedPublisherName.value).toEqual([
      PUBLISHER,
    ]);
    // The older spelling is no option of electron-builder 26.
    await expect(
      ebConfig.validateConfiguration({ ...config, win: { ...config.win, publisherName: PUBLISHER } }, quiet),
    ).rejects.toThrow(/Invalid configuration/);
  });

  it('names no publisher without WIN_PUBLISHER_NAME (the pre-flight refuses that signed build)', () => {
    expect(createConfig({ WIN_CSC_LINK: 'x' }).win).not.toHaveProperty('signtoolOptions');
  });
});

describe('the pre-flight as a process', () => {
  function preflight(args: string[], env: Record<string, string>) {
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) => !/^(CSC_|WIN_CSC_|WIN_PUBLISHER_NAME|APPLE_|UPDATE_FEED_URL|ALLOW_UNSIGNED)/.test(name),
      ),
    );
    const run = spawnSync(process.execPath, [join(root, 'scripts', 'dist-preflight.mjs'), ...args], {
      env: { ...clean, ...env },
      encoding: 'utf8',
    });
    return {
      code: run.status,
      lines: run.stdout.trim().split('\n'),
      errors: run.stdout.split('\n').filter((l) => l.startsWith('dist: error: ')),
      stderr: run.stderr,
      all: run.stdout + run.stderr,
    };
  }

  it('stops an unsigned Windows or macOS build with one line each naming what is missing', () => {
    const windows = preflight(['--win'], {});
    expect({ code: windows.code, errors: windows.errors }).toEqual({ code: 1, errors: [`dist: error: ${UNSIGNED_WINDOWS}`] });
    const both = preflight(['--win', '--mac'], { WIN_CSC_LINK: 'MIIJ2w-secret' });
    expect({ code: both.code, errors: both.errors }).toEqual({
      code: 1,
      errors: [`dist: error: ${UNVERIFIED_WINDOWS}`, `dist: error: ${UNSIGNED_MAC}`],
    });
    expect(both.all).not.toContain('MIIJ2w-secret');
  });

  it('lets a signed, notarized, publisher-named build go on, printing no credential', () => {
    const run = preflight(['-w', '-m', '-l'], { ...WINDOWS, ...MAC, UPDATE_FEED_URL: 'https://updates.griddesk.app/desktop' });
    expect({ code: run.code, errors: run.errors, stderr: run.stderr }).toEqual({ code: 0, errors: [], stderr: '' });
    expect(run.lines).toContain('dist: building for Windows, macOS, Linux');
    expect(run.lines).toContain(`dist: Windows: updates install only if signed by ${PUBLISHER} (WIN_PUBLISHER_NAME)`);
    for (const secret of SECRETS) expect(run.all).not.toContain(secret);
  });

  it('lets an unsigned build through only with ALLOW_UNSIGNED=1, and says what that means', () => {
    const run = preflight(['--win', '--mac'], { ALLOW_UNSIGNED: '1' });
    expect({ code: run.code, errors: run.errors }).toEqual({ code: 0, errors: [] });
    expect(run.lines.some((l) => l.startsWith('dist: ALLOW_UNSIGNED=1: '))).toBe(true);
    expect(preflight(['--win'], { ALLOW_UNSIGNED: 'true' }).code).toBe(1);
  });

  it("checks this machine's platform by default, and refuses a flag it does not know", () => {
    const names = { win: 'Windows', mac: 'macOS', linux: 'Linux' } as const;
    const run = preflight([], {});
    expect(run.lines[0]).toBe(`dist: building for ${names[hostPlatform(process.platform)]}`);
    expect(run.code).toBe(hostPlatform(process.platform) === 'linux' ? 0 : 1);
    const unknown = preflight(['--windows'], {});
    expect({ code: unknown.code, first: unknown.stderr.split('\n')[0] }).toEqual({
      code: 2,
      first: "dist: Unknown option '--windows'",
    });
  });
});
