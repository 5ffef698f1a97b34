// electron-builder configuration (`npm run dist`), made from the environment by createConfig:
// signed and hardened builds for Windows (nsis), macOS (dmg, and the zip Squirrel.Mac updates
// from; notarized when Apple credentials are set) and Linux (AppImage, deb). Credentials are
// never put in here: electron-builder reads CSC_LINK, WIN_CSC_LINK, APPLE_ID... from the
// environment itself. Windows and macOS are signed or not built, unless ALLOW_UNSIGNED=1
// (release-plan.cjs). See electron/main/app/FUSES.md for the fuses and README's Support section.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { releaseNotesFor } = require('./changelog.cjs');
const { releasePlan } = require('./release-plan.cjs');

const root = join(__dirname, '..');

/** @returns {import('electron-builder').Configuration} */
function createConfig(env, sources = {}) {
  const version = sources.version ?? JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
  const changelog = sources.changelog ?? readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
  const plan = releasePlan(env);
  if (plan.errors.length > 0) throw new Error(plan.errors.join('; '));
  const releaseNotes = releaseNotesFor(changelog, version);

  return {
    appId: 'com.griddesk.desktop',
    productName: 'GridDesk',
    copyright: 'Copyright © GridDesk',
    directories: { output: 'release', buildResources: 'build' },
    // package.json's "main" names an older file; the bundle is the ESM dist/electron/main.js.
    extraMetadata: { main: 'dist/electron/main.js' },
    // dist/electron holds main (the platform server bundled in), the preload, the database
    // migrations and the PGlite first-boot template; dist/renderer the window's files.
    // Production dependencies (PGlite among them) are added by electron-builder.
    files: ['dist/electron/**', 'dist/renderer/**', 'package.json', '!**/*.map'],
    // Tray and window icons are read from resources/icons at runtime (electron/main/app/paths.ts).
    extraResources: [{ from: 'build/icons', to: 'icons', filter: ['*.png'] }],
    asar: true,
    // Native modules and files loaded by path cannot run from inside the archive. PGlite reads
    // its wasm and data files by path.
    asarUnpack: [
      '**/*.node',
      '**/node_modules/keytar/**',
      '**/node_modules/@node-rs/argon2*/**',
      '**/node_modules/@node-rs/argon2-*/**',
      '**/node_modules/@electric-sql/pglite/dist/*.{data,wasm}',
    ],
    protocols: [{ name: 'GridDesk', schemes: ['griddesk'] }],
    // No spaces in file names: latest.yml names them and they become URLs on the feed.
    artifactName: '${productName}-${version}-${arch}.${ext}',
    // The generic feed the app checks (electron/main/updater): electron-builder writes
    // latest*.yml beside the installers and bakes the URL into resources/app-update.yml.
    // `npm run dist` never uploads (--publish never): support staff copy release/ to the feed.
    publish: plan.feedUrl ? [{ provider: 'generic', url: plan.feedUrl, channel: 'latest' }] : null,
    ...(releaseNotes ? { releaseInfo: { releaseNotes } } : {}),
    // Signed or refused: electron-builder stops a Windows or macOS build it could not sign
    // (scripts/dist-preflight.mjs says so first, naming the missing variables). Only an explicit
    // ALLOW_UNSIGNED=1 lets one through; Linux packages are never signed (README: Support).
    forceCodeSigning: !plan.allowUnsigned,
    electronFuses: {
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      // The renderer is served over app://, so file:// needs no extra powers.
      grantFileProtocolExtraPrivileges: false,
      // Flipping fuses breaks the ad-hoc signature an unsigned Apple Silicon app runs on.
      resetAdHocDarwinSignature: !plan.mac.signed,
    },
    win: {
      target: [{ target: 'nsis', arch: ['x64'] }],
      icon: 'build/icon.png',
      // app-update.yml gets the publisher name and electron-updater's NsisUpdater installs an
      // update only if its Authenticode signature is valid and its subject matches (the whole DN,
      // or the CN); with no name it checks no signature at all. electron-builder 26 reads the
      // name here (win.publisherName is gone from its schema).
      verifyUpdateCodeSignature: true,
      ...(plan.win.publisherName ? { signtoolOptions: { publisherName: plan.win.publisherName } } : {}),
    },
    nsis: {
      oneClick: false,
      perMachine: false,
      allowToChangeInstallationDirectory: true,
      createDesktopShortcut: true,
      artifactName: '${productName}-Setup-${version}.${ext}',
    },
    mac: {
      // The zip is what Squirrel.Mac installs an update from; the dmg is for first installs.
      target: [
        { target: 'dmg', arch: ['x64', 'arm64'] },
        { target: 'zip', arch: ['x64', 'arm64'] },
      ],
      category: 'public.app-category.finance',
      icon: 'build/icon.png',
      hardenedRuntime: true,
      gatekeeperAssess: false,
      entitlements: 'build/entitlements.mac.plist',
      entitlementsInherit: 'build/entitlements.mac.plist',
      // null skips signing: without CSC_LINK or CSC_NAME a local build must not pick whatever
      // identity the keychain holds. Notarization needs a signed app and Apple credentials.
      ...(plan.mac.signed ? {} : { identity: null }),
      notarize: plan.mac.notarize,
    },
    dmg: { sign: false },
    linux: {
      target: ['AppImage', 'deb'],
      category: 'Finance',
      icon: 'build/icons',
      executableName: 'griddesk',
      maintainer: 'GridDesk <support@griddesk.app>',
      synopsis: 'Automated crypto grid-trading bots on your own exchange account',
      mimeTypes: ['x-scheme-handler/griddesk'],
    },
    deb: { depends: ['libsecret-1-0', 'libnotify4', 'libnss3', 'libxss1', 'libxtst6', 'xdg-utils'] },
  };
}

module.exports = { createConfig };
