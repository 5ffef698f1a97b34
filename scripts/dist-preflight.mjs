// Runs before `npm run dist` builds anything: prints, one line each, what will be built, signed,
// notarized and updated from, and what is skipped for want of which credential (names only,
// never a value); stops the build (exit 1) when a Windows or macOS installer would be built
// unsigned or unverifiable without ALLOW_UNSIGNED=1, when UPDATE_FEED_URL is unusable, or when
// CHANGELOG.md has no release notes for package.json's version (build/release-plan.cjs decides).
//
// It checks the platforms electron-builder builds without a platform flag, this machine's own,
// or those named: `node scripts/dist-preflight.mjs --win --mac --linux` (electron-builder's flags,
// for a machine that builds for another platform too).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const { releasePlan, describePlan, hostPlatform } = require('../build/release-plan.cjs');
const { releaseNotesFor } = require('../build/changelog.cjs');

const USAGE = "Usage: node scripts/dist-preflight.mjs [--win] [--mac] [--linux]   (default: this machine's platform)";
const FLAGS = {
  win: { type: 'boolean', short: 'w' },
  mac: { type: 'boolean', short: 'm' },
  linux: { type: 'boolean', short: 'l' },
  help: { type: 'boolean', short: 'h' },
};

let flags;
try {
  flags = parseArgs({ options: FLAGS, allowPositionals: false }).values;
} catch (error) {
  console.error(`dist: ${error.message}\n${USAGE}`);
  process.exit(2);
}
if (flags.help) {
  console.log(USAGE);
  process.exit(0);
}
const named = ['win', 'mac', 'linux'].filter((platform) => flags[platform]);
const platforms = named.length > 0 ? named : [hostPlatform(process.platform)];

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const changelog = readFileSync(new URL('../CHANGELOG.md', import.meta.url), 'utf8');

const plan = releasePlan(process.env, platforms);
for (const line of describePlan(plan)) console.log(`dist: ${line}`);
const notes = releaseNotesFor(changelog, version);
if (notes) {
  console.log(`dist: release notes: CHANGELOG.md section ${version} (${notes.split('\n').length} lines)`);
} else {
  console.error(`dist: error: CHANGELOG.md has no "## ${version}" section; write this version's release notes first`);
}
if (plan.errors.length > 0 || plan.refusals.length > 0 || !notes) process.exit(1);
