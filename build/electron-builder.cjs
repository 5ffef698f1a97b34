// electron-builder configuration (`npm run dist`). Signed, hardened builds for Windows (nsis),
// macOS (dmg, notarized when Apple credentials are in the environment) and Linux (AppImage,
// deb). See electron/main/app/FUSES.md for the fuses.

const env = process.env;
const notarize = Boolean(env.APPLE_ID && env.APPLE_APP_SPECIFIC_PASSWORD && env.APPLE_TEAM_ID);

/** @type {import('electron-builder').Configuration} */
module.exports = {
  appId: 'com.griddesk.desktop',
  productName: 'GridDesk',
  copyright: 'Copyright © GridDesk',
  directories: { output: 'release', buildResources: 'build' },
  // package.json's "main" names an older file; the bundle is the ESM dist/electron/main.js.
  extraMetadata: { main: 'dist/electron/main.js' },
  files: ['dist/**', 'package.json', '!dist/**/*.map', '!dist/server/**', '!dist/scripts/**'],
  // Tray and window icons are read from resources/icons at runtime (electron/main/app/paths.ts).
  extraResources: [{ from: 'build/icons', to: 'icons', filter: ['*.png'] }],
  asar: true,
  // Native modules and files loaded by path cannot run from inside the archive.
  asarUnpack: [
    '**/*.node',
    '**/node_modules/keytar/**',
    '**/node_modules/@node-rs/argon2*/**',
    '**/node_modules/@node-rs/argon2-*/**',
    '**/node_modules/@electric-sql/pglite/dist/*.{data,wasm}',
  ],
  protocols: [{ name: 'GridDesk', schemes: ['griddesk'] }],
  publish: null,
  electronFuses: {
    runAsNode: false,
    enableCookieEncryption: true,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    // The renderer is served over app://, so file:// needs no extra powers.
    grantFileProtocolExtraPrivileges: false,
  },
  win: {
    target: [{ target: 'nsis', arch: ['x64'] }],
    icon: 'build/icon.png',
  },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
    createDesktopShortcut: true,
  },
  mac: {
    target: [{ target: 'dmg', arch: ['x64', 'arm64'] }],
    category: 'public.app-category.finance',
    icon: 'build/icon.png',
    hardenedRuntime: true,
    gatekeeperAssess: false,
    entitlements: 'build/entitlements.mac.plist',
    entitlementsInherit: 'build/entitlements.mac.plist',
    // Reads APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID; off without them so
    // unsigned local builds still work.
    notarize,
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
