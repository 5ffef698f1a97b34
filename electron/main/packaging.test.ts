/**
 * The packaging check: the electron-builder configuration `npm run dist` uses, loaded and
 * validated by electron-builder's own loader and schema, and held to what the desktop needs:
 * the targets support staff ship, the fuses FUSES.md promises, the embedded server and its
 * PGlite assets in the package, the griddesk:// protocol, signing only from the environment,
 * and no secret in the configuration. No Electron binary is needed; nothing is packaged.
 *
 * Also the macOS signing entitlements (build/entitlements.mac.plist). Electron 12+ runs V8 and
 * WebAssembly (PGlite) under the hardened runtime with `allow-jit` alone (MAP_JIT); every other
 * exception widens what an exploit in the app could do, so none is granted without a need.
 */
import { readFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
const plist = readFileSync(join(root, 'build', 'entitlements.mac.plist'), 'utf8');
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  version: string;
  dependencies: Record<string, string>;
  optionalDependencies: Record<string, string>;
};

type Config = Record<string, unknown> & {
  files: string[];
  asarUnpack: string[];
  electronFuses: Record<string, boolean>;
  mac: Record<string, unknown>;
  publish: unknown;
  releaseInfo?: { releaseNotes: string };
};
const { createConfig } = require(join(root, 'build', 'builder-config.cjs')) as {
  createConfig(env: Record<string, string>): Config;
};
/** What `npm run dist` gets without credentials (a fresh object: electron-builder's loader rewrites the one it loads). */
const builder = createConfig({});

/** electron-builder's own configuration loader, schema check and file matcher. */
const ebConfig = require('app-builder-lib/out/util/config/config.js') as {
  getConfig(projectDir: string, configPath: string, fromOptions: null): Promise<Config>;
  validateConfiguration(config: unknown, logger: { isEnabled: boolean; add(): void }): Promise<void>;
};
const { FileMatcher } = require('app-builder-lib/out/fileMatcher.js') as {
  FileMatcher: new (
    from: string,
    to: string,
    expand: (s: string) => string,
    patterns: string[],
  ) => {
    createFilter(): (file: string, stat: { isDirectory(): boolean }) => boolean;
  };
};
const quiet = { isEnabled: false, add: () => undefined };

/** Whether electron-builder's matcher for `patterns` takes the file at `relative`. */
function matches(patterns: string[], relative: string): boolean {
  const filter = new FileMatcher(root, '', (s) => s, [...patterns]).createFilter();
  return filter(join(root, relative), { isDirectory: () => false });
}

const ALL_CREDENTIALS = {
  CSC_LINK: 'base64-of-a-p12-MIIKsQIBAzCCCn',
  CSC_KEY_PASSWORD: 'p12-password-Xq7',
  WIN_CSC_LINK: 'base64-of-a-pfx-MIIJ2wIBAzCCCZ',
  WIN_CSC_KEY_PASSWORD: 'pfx-password-Lm4',
  APPLE_ID: 'release@griddesk.app',
  APPLE_APP_SPECIFIC_PASSWORD: 'abcd-efgh-ijkl-mnop',
  APPLE_TEAM_ID: 'TEAM123456',
  GH_TOKEN: 'ghp_0123456789abcdefghijklmnopqrstuvwxyz',
  UPDATE_FEED_URL: 'https://updates.griddesk.app/desktop',
};

function grantedEntitlements(xml: string): string[] {
  return [...xml.replace(/<!--[\s\S]*?-->/g, '').matchAll(/<key>([^<]+)<\/key>\s*<true\/>/g)].map((m) => m[1]!);
}

/** The fuse table of electron/main/app/FUSES.md as name -> on/off. */
function documentedFuses(): Record<string, boolean> {
  const doc = readFileSync(join(root, 'electron', 'main', 'app', 'FUSES.md'), 'utf8');
  const rows = [...doc.matchAll(/^\|\s*(\w+)\s*\|\s*(on|off)\s*\|/gm)];
  return Object.fromEntries(rows.map((m) => [m[1]!, m[2] === 'on']));
}

describe('the electron-builder configuration', () => {
  it('loads through electron-builder and passes its schema, with and without credentials', async () => {
    const loaded = await ebConfig.getConfig(root, 'build/electron-builder.cjs', null);
    await expect(ebConfig.validateConfiguration(loaded, quiet)).resolves.toBeUndefined();
    await expect(ebConfig.validateConfiguration(createConfig(ALL_CREDENTIALS), quiet)).resolves.toBeUndefined();
    // The check itself has teeth: an option electron-builder does not know is refused.
    await expect(ebConfig.validateConfiguration({ ...createConfig({}), notAnOption: true }, quiet)).rejects.toThrow(
      /Invalid configuration/,
    );
  });

  it('builds nsis for Windows, dmg and zip for both Mac architectures, AppImage and deb for Linux', () => {
    const config = createConfig({});
    expect(config.win).toMatchObject({ target: [{ target: 'nsis', arch: ['x64'] }] });
    expect(config.mac.target).toEqual([
      { target: 'dmg', arch: ['x64', 'arm64'] },
      { target: 'zip', arch: ['x64', 'arm64'] },
    ]);
    expect(config.linux).toMatchObject({ target: ['AppImage', 'deb'], mimeTypes: ['x-scheme-handler/griddesk'] });
  });

  it('names the app and registers griddesk://', () => {
    expect(builder.appId).toBe('com.griddesk.desktop');
    expect(builder.productName).toBe('GridDesk');
    expect(builder.protocols).toEqual([{ name: 'GridDesk', schemes: ['griddesk'] }]);
  });

  it('flips exactly the fuses FUSES.md lists, in an asar-only app', () => {
    const { resetAdHocDarwinSignature: _reset, ...fuses } = createConfig({}).electronFuses;
    expect(fuses).toEqual(documentedFuses());
    expect(fuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
    });
    expect(builder.asar).toBe(true);
  });

  it('packs main with the embedded server, its migrations and PGlite template, and the renderer', async () => {
    const packed = [
      'package.json',
      'dist/electron/main.js',
      'dist/electron/preload.cjs',
      'dist/electron/migrations/0000_initial.sql',
      'dist/electron/migrations/meta/_journal.json',
      'dist/electron/pglite-template.tar.gz',
      'dist/electron/pglite-template.json',
      'dist/renderer/index.html',
      'dist/renderer/assets/index-abc123.js',
    ];
    for (const file of packed) expect(matches(builder.files, file), file).toBe(true);
    const left = [
      'dist/electron/main.js.map',
      'dist/server/main.js',
      'dist/scripts/preview.js',
      'server/start.ts',
      'electron/main/app/index.ts',
      '.data/pglite/PG_VERSION',
      'release/latest.yml',
    ];
    for (const file of left) expect(matches(builder.files, file), file).toBe(false);
    // The bundle those paths name: main is built with its migrations and the PGlite template beside it.
    const { builds } = await import('../../scripts/build-node.mjs');
    expect(builds).toContainEqual(
      expect.objectContaining({
        entryPoints: ['electron/main/app/index.ts'],
        output: { outdir: 'dist/electron', entryNames: 'main' },
        format: 'esm',
        copyMigrations: true,
      }),
    );
    expect(builds).toContainEqual(
      expect.objectContaining({
        entryPoints: ['electron/preload/index.ts'],
        output: { outfile: 'dist/electron/preload.cjs' },
        format: 'cjs',
      }),
    );
  });

  it("unpacks PGlite's wasm and data files, and ships PGlite as a production dependency", () => {
    const dist = 'node_modules/@electric-sql/pglite/dist';
    for (const file of ['pglite.wasm', 'pglite.data', 'initdb.wasm']) {
      expect(readFileSync(join(root, dist, file)).length, `${file} is installed`).toBeGreaterThan(0);
      expect(matches(builder.asarUnpack, `${dist}/${file}`), file).toBe(true);
    }
    expect(matches(builder.asarUnpack, `${dist}/index.js`)).toBe(false);
    expect(packageJson.dependencies).toHaveProperty('@electric-sql/pglite');
  });

  it('needs only production dependencies at run time: every package main imports is one', async () => {
    const imported = new Set<string>();
    await build({
      entryPoints: [join(root, 'electron', 'main', 'app', 'index.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      logLevel: 'silent',
      outfile: join(root, '.tmp', 'packaging-check', 'main.js'),
      plugins: [
        {
          name: 'record-packages',
          setup(builder) {
            builder.onResolve({ filter: /^[^./]/ }, (args) => {
              // Our code's packages load from app.asar's node_modules. What a package file we
              // bundle imports (ccxt's binance classes, scripts/build-node.mjs) is bundled with
              // it, so it is no dependency of ours.
              if (
                !args.importer.includes('/node_modules/') &&
                !args.path.startsWith('node:') &&
                !builtinModules.includes(args.path)
              ) {
                const [scope, name] = args.path.split('/');
                imported.add(scope!.startsWith('@') ? `${scope}/${name}` : scope!);
              }
              return { path: args.path, external: true };
            });
          },
        },
      ],
    });
    expect(imported.size).toBeGreaterThan(5);
    // electron is the runtime itself, not a package in app.asar.
    // Optional ones (keytar) are packaged where they installed; main falls back where they did not.
    const packaged = { ...packageJson.dependencies, ...packageJson.optionalDependencies };
    const missing = [...imported].filter((pkg) => pkg !== 'electron' && !(pkg in packaged));
    expect(missing, 'packages main imports that electron-builder would leave out').toEqual([]);
    expect(imported).toContain('@electric-sql/pglite');
  });

  it('holds no credential: signing reads the environment, never the configuration', () => {
    const text = JSON.stringify(createConfig(ALL_CREDENTIALS));
    for (const [name, value] of Object.entries(ALL_CREDENTIALS)) {
      if (name === 'UPDATE_FEED_URL') continue;
      expect(text, name).not.toContain(value);
    }
    for (const key of ['cscLink', 'cscKeyPassword']) expect(text).not.toContain(key);
  });
});

describe('signing, notarization and the update feed, from the environment', () => {
  it('without credentials: no signing identity picked from the keychain, no notarization, no feed', () => {
    const config = createConfig({});
    expect(config.mac).toMatchObject({ identity: null, notarize: false, hardenedRuntime: true });
    expect(config.electronFuses.resetAdHocDarwinSignature).toBe(true);
    expect(config.publish).toBeNull();
  });

  it('with credentials: signs, notarizes and bakes in the generic feed', () => {
    const config = createConfig(ALL_CREDENTIALS);
    expect(config.mac).not.toHaveProperty('identity');
    expect(config.mac.notarize).toBe(true);
    expect(config.electronFuses.resetAdHocDarwinSignature).toBe(false);
    expect(config.publish).toEqual([{ provider: 'generic', url: 'https://updates.griddesk.app/desktop/', channel: 'latest' }]);
  });

  it('never notarizes an unsigned app', () => {
    const { CSC_LINK: _link, ...appleOnly } = ALL_CREDENTIALS;
    expect(createConfig(appleOnly).mac).toMatchObject({ identity: null, notarize: false });
  });

  it('refuses an update feed that is not https', () => {
    expect(() => createConfig({ UPDATE_FEED_URL: 'http://updates.griddesk.app/' })).toThrow(/https/);
  });

  it("puts this version's CHANGELOG.md section in the release notes", () => {
    const notes = createConfig({}).releaseInfo?.releaseNotes;
    expect(notes).toBeTruthy();
    const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toContain(`## ${packageJson.version}\n\n${notes!.split('\n')[0]}`);
  });
});

describe('macOS entitlements', () => {
  it('grant JIT only: no unsigned executable memory, no unsigned libraries', () => {
    expect(grantedEntitlements(plist)).toEqual(['com.apple.security.cs.allow-jit']);
  });

  it('apply to the app and its helpers under the hardened runtime', () => {
    expect(builder.mac).toMatchObject({
      hardenedRuntime: true,
      entitlements: 'build/entitlements.mac.plist',
      entitlementsInherit: 'build/entitlements.mac.plist',
    });
  });
});
