// What `npm run dist` will do with the credentials and settings in the environment: sign,
// notarize, bake an update feed in. Used by the builder configuration (electron-builder.cjs)
// and printed by scripts/dist-preflight.mjs, one line per platform, before anything is built.
// Secrets are only ever read from the environment by electron-builder itself; nothing here puts
// a value into the configuration or prints one.

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

function releasePlan(env) {
  const macSigned = present(env, 'CSC_LINK') || present(env, 'CSC_NAME');
  const appleId = present(env, 'APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID');
  const appleApiKey = present(env, 'APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER');
  const winSigned = present(env, 'WIN_CSC_LINK') || present(env, 'CSC_LINK');
  const feedRaw = (env.UPDATE_FEED_URL || '').trim();
  const feed = feedRaw ? feedUrlFrom(feedRaw) : null;
  return {
    mac: { signed: macSigned, notarize: macSigned && (appleId || appleApiKey), appleCredentials: appleId || appleApiKey },
    win: { signed: winSigned },
    feedUrl: feed && feed.url ? feed.url : null,
    errors: feed && feed.error ? [feed.error] : [],
  };
}

/** The lines the pre-dist check prints: what is signed and what is skipped, and why. */
function describePlan(plan) {
  const lines = [];
  lines.push(
    plan.mac.signed
      ? 'macOS: signing with the certificate in CSC_LINK (or CSC_NAME)'
      : 'macOS: code signing skipped: set CSC_LINK (a .p12, with CSC_KEY_PASSWORD) or CSC_NAME; Gatekeeper will refuse to open the app',
  );
  if (plan.mac.notarize) lines.push('macOS: notarizing with Apple (APPLE_ID/APPLE_TEAM_ID or APPLE_API_KEY)');
  else if (!plan.mac.signed && plan.mac.appleCredentials) lines.push('macOS: notarization skipped: an unsigned app cannot be notarized (set CSC_LINK)');
  else lines.push('macOS: notarization skipped: set APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID (or APPLE_API_KEY, APPLE_API_KEY_ID, APPLE_API_ISSUER)');
  lines.push(
    plan.win.signed
      ? 'Windows: signing the installer with WIN_CSC_LINK (or CSC_LINK)'
      : 'Windows: code signing skipped: set WIN_CSC_LINK and WIN_CSC_KEY_PASSWORD; SmartScreen will warn members',
  );
  lines.push('Linux: AppImage and deb are not signed; latest-linux.yml carries their SHA-512');
  if (plan.feedUrl) lines.push(`updates: installs check ${plan.feedUrl} (upload release/latest*.yml and the installers there)`);
  else if (plan.errors.length === 0) lines.push('updates: no UPDATE_FEED_URL: these installs will not update themselves');
  for (const error of plan.errors) lines.push(`error: ${error}`);
  return lines;
}

module.exports = { releasePlan, describePlan, feedUrlFrom };
