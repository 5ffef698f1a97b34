// What `npm run dist` will do with the credentials and settings in the environment: sign,
// notarize, bake an update feed in, or refuse. Used by the builder configuration
// (builder-config.cjs) and printed by scripts/dist-preflight.mjs, one line per platform, before
// anything is built. Secrets are only ever read from the environment by electron-builder itself;
// nothing here puts a value into the configuration or prints one.
//
// Signed or none: a Windows or macOS installer is built signed (and, for macOS, notarized) or not
// at all, unless ALLOW_UNSIGNED=1 says so. An unsigned Windows build carries no publisher name, so
// electron-updater would install whatever the feed's SHA-512 names without checking a signature;
// an unsigned Mac build cannot update itself. Pure: the platforms built are an argument.

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

function present(env, ...names) {
  return names.every((name) => typeof env[name] === 'string' && env[name].trim() !== '');
}

/**
 * UPDATE_FEED_URL as the feed's base URL: https, or http on loopback (a test feed); no user
 * name or password. Same rule as the app's (electron/main/updater/feed-url.ts).
 */
function feedUrlFrom(raw) {
  let url;
  try {
    url = new URL(raw);
  } catch {
    return { error: `UPDATE_FEED_URL ${JSON.stringify(raw)} is not a URL` };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.test(url.hostname))) {
    return { error: 'UPDATE_FEED_URL must use https:// (plain http:// only for 127.0.0.1, localhost or ::1)' };
  }
  if (url.username || url.password) return { error: 'UPDATE_FEED_URL must not carry a user name or password' };
  url.search = '';
  url.hash = '';
  return { url: url.href.replace(/\/*$/, '/') };
}

const APPLE_ID_VARIABLES = ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'];
const APPLE_API_KEY_VARIABLES = ['APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER'];

/** electron-builder's platform names, and how the lines name them. */
const PLATFORM_NAMES = { win: 'Windows', mac: 'macOS', linux: 'Linux' };

/** What `electron-builder` builds with no platform flag: the machine's own platform. */
function hostPlatform(nodePlatform) {
  return nodePlatform === 'win32' ? 'win' : nodePlatform === 'darwin' ? 'mac' : 'linux';
}

/** The Apple notarization variables still missing, in the set begun (the Apple ID one by default). */
function missingAppleVariables(env) {
  const begun =
    APPLE_API_KEY_VARIABLES.some((name) => present(env, name)) && !APPLE_ID_VARIABLES.some((name) => present(env, name));
  const set = begun ? APPLE_API_KEY_VARIABLES : APPLE_ID_VARIABLES;
  const missing = set.filter((name) => !present(env, name));
  const other = begun ? '' : ` (or ${listNames(APPLE_API_KEY_VARIABLES)})`;
  return `${listNames(missing)}${missing.length === set.length ? other : ''}`;
}

function listNames(names) {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

const BYPASS = '; or ALLOW_UNSIGNED=1 for a build no member installs';

/** One line for each installer of `platforms` that would be built unsigned (or unverifiable). */
function signingRefusals(env, plan, platforms) {
  const refusals = [];
  if (platforms.includes('win')) {
    if (!plan.win.signed)
      refusals.push(
        `refusing to build an unsigned Windows installer: set WIN_CSC_LINK and WIN_CSC_KEY_PASSWORD (or CSC_LINK and CSC_KEY_PASSWORD) and WIN_PUBLISHER_NAME${BYPASS}`,
      );
    else if (!plan.win.publisherName)
      refusals.push(
        `refusing to build a Windows installer whose updates no install would verify: set WIN_PUBLISHER_NAME to the certificate's subject (as electron-updater compares it, e.g. "CN=GridDesk Ltd, O=GridDesk Ltd, C=GB")${BYPASS}`,
      );
  }
  if (platforms.includes('mac')) {
    if (!plan.mac.signed)
      refusals.push(
        `refusing to build an unsigned macOS app: set CSC_LINK and CSC_KEY_PASSWORD (or CSC_NAME) and notarization's ${missingAppleVariables(env)}${BYPASS}`,
      );
    else if (!plan.mac.notarize)
      refusals.push(`refusing to build a macOS app that is not notarized: set ${missingAppleVariables(env)}${BYPASS}`);
  }
  return refusals;
}

/**
 * `platforms`: what this run builds ('win', 'mac', 'linux'); the configuration passes none (it
 * holds every platform's section, and electron-builder's forceCodeSigning refuses per platform).
 */
function releasePlan(env, platforms = []) {
  const macSigned = present(env, 'CSC_LINK') || present(env, 'CSC_NAME');
  const appleId = present(env, ...APPLE_ID_VARIABLES);
  const appleApiKey = present(env, ...APPLE_API_KEY_VARIABLES);
  const winSigned = present(env, 'WIN_CSC_LINK') || present(env, 'CSC_LINK');
  const feedRaw = (env.UPDATE_FEED_URL || '').trim();
  const feed = feedRaw ? feedUrlFrom(feedRaw) : null;
  const allowUnsignedRaw = (env.ALLOW_UNSIGNED || '').trim();
  const errors = feed && feed.error ? [feed.error] : [];
  if (!['', '0', '1'].includes(allowUnsignedRaw))
    errors.push(`ALLOW_UNSIGNED must be 1 (allow unsigned builds), 0 or unset (got ${JSON.stringify(allowUnsignedRaw)})`);
  const plan = {
    platforms,
    allowUnsigned: allowUnsignedRaw === '1',
    mac: { signed: macSigned, notarize: macSigned && (appleId || appleApiKey), appleCredentials: appleId || appleApiKey },
    win: { signed: winSigned, publisherName: (env.WIN_PUBLISHER_NAME || '').trim() || null },
    feedUrl: feed && feed.url ? feed.url : null,
    errors,
  };
  plan.refusals = plan.allowUnsigned ? [] : signingRefusals(env, plan, platforms);
  return plan;
}

/** The lines the pre-dist check prints: what is built, signed and skipped, and why; refusals last. */
function describePlan(plan) {
  const lines = [];
  if (plan.platforms.length > 0) lines.push(`building for ${plan.platforms.map((p) => PLATFORM_NAMES[p]).join(', ')}`);
  lines.push(
    plan.mac.signed
      ? 'macOS: signing with the certificate in CSC_LINK (or CSC_NAME)'
      : 'macOS: code signing skipped: set CSC_LINK (a .p12, with CSC_KEY_PASSWORD) or CSC_NAME; Gatekeeper will refuse to open the app',
  );
  if (plan.mac.notarize) lines.push('macOS: notarizing with Apple (APPLE_ID/APPLE_TEAM_ID or APPLE_API_KEY)');
  else if (!plan.mac.signed && plan.mac.appleCredentials)
    lines.push('macOS: notarization skipped: an unsigned app cannot be notarized (set CSC_LINK)');
  else
    lines.push(
      'macOS: notarization skipped: set APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID (or APPLE_API_KEY, APPLE_API_KEY_ID, APPLE_API_ISSUER)',
    );
  lines.push(
    plan.win.signed
      ? 'Windows: signing the installer with WIN_CSC_LINK (or CSC_LINK)'
      : 'Windows: code signing skipped: set WIN_CSC_LINK and WIN_CSC_KEY_PASSWORD; SmartScreen will warn members',
  );
  if (plan.win.publisherName)
    lines.push(`Windows: updates install only if signed by ${plan.win.publisherName} (WIN_PUBLISHER_NAME)`);
  lines.push(
    'Linux: AppImage and deb are not signed; their installs check an update only against the SHA-512 in latest-linux.yml (fetched over https)',
  );
  if (plan.allowUnsigned)
    lines.push(
      "ALLOW_UNSIGNED=1: Windows and macOS may be built unsigned; installs of an unsigned build check updates against the feed's SHA-512 only, so never publish one to a feed members use",
    );
  if (plan.feedUrl) lines.push(`updates: installs check ${plan.feedUrl} (upload release/latest*.yml and the installers there)`);
  else if (plan.errors.length === 0) lines.push('updates: no UPDATE_FEED_URL: these installs will not update themselves');
  for (const error of [...plan.errors, ...plan.refusals]) lines.push(`error: ${error}`);
  return lines;
}

module.exports = { releasePlan, describePlan, feedUrlFrom, hostPlatform, PLATFORM_NAMES };
