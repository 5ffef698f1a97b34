// Runs before `npm run dist` builds anything: prints, one line each, what will be signed,
// notarized and updated from, and what is skipped for want of which credential (names only,
// never a value); stops the build when UPDATE_FEED_URL is unusable or CHANGELOG.md has no
// release notes for package.json's version.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { releasePlan, describePlan } = require('../build/release-plan.cjs');
const { releaseNotesFor } = require('../build/changelog.cjs');

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const changelog = readFileSync(new URL('../CHANGELOG.md', import.meta.url), 'utf8');

const plan = releasePlan(process.env);
for (const line of describePlan(plan)) console.log(`dist: ${line}`);
const notes = releaseNotesFor(changelog, version);
if (notes) {
  console.log(`dist: release notes: CHANGELOG.md section ${version} (${notes.split('\n').length} lines)`);
} else {
  console.error(`dist: error: CHANGELOG.md has no "## ${version}" section; write this version's release notes first`);
}
if (plan.errors.length > 0 || !notes) process.exit(1);
