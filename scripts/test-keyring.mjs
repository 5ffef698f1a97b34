// `npm run test:keyring`: keytar against a real Secret Service. Starts a private D-Bus session
// and an unlocked gnome-keyring in throwaway XDG folders, so a developer's own keyring is
// never touched, then runs the *.keyring.test.ts files (excluded from the normal unit run).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const vitest =
  'npx vitest run --config electron/vitest.keyring.config.ts --reporter=default ' +
  '--reporter=json --outputFile.json=.tmp/test-results/keyring.json';

// keytar is an optional dependency: npm skips it where it cannot build (no libsecret-1-dev or
// C++ toolchain on Linux), and the app then keeps its secrets with Electron's safeStorage. The
// real-keyring test needs keytar, so it runs where keytar installed; CI sets
// GRIDDESK_REQUIRE_KEYRING=1 (.ci/run installs libsecret-1-dev) so there it can never be skipped.
try {
  await import('keytar');
} catch (error) {
  const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
  const line =
    `test:keyring: keytar is not installed here (${why}); it is optional and builds where ` +
    'libsecret-1-dev, pkg-config and a C++ toolchain exist.';
  if (process.env.GRIDDESK_REQUIRE_KEYRING === '1') {
    console.error(`${line} GRIDDESK_REQUIRE_KEYRING=1 asks for the real-keyring test: failing.`);
    process.exit(1);
  }
  console.log(`${line} The real-keyring test did not run.`);
  process.exit(0);
}

// macOS and Windows have their keychain in the user session already.
if (process.platform !== 'linux') {
  const direct = spawnSync(vitest, { stdio: 'inherit', shell: true });
  process.exit(direct.status ?? 1);
}

for (const tool of ['dbus-run-session', 'gnome-keyring-daemon']) {
  if (spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status !== 0) {
    console.error(`test:keyring needs ${tool} (apt-get install dbus gnome-keyring libsecret-1-0).`);
    process.exit(1);
  }
}

const home = mkdtempSync(join(tmpdir(), 'griddesk-keyring-'));
const runtime = join(home, 'run');
const env = {
  ...process.env,
  XDG_DATA_HOME: join(home, 'data'),
  XDG_CONFIG_HOME: join(home, 'config'),
  XDG_RUNTIME_DIR: runtime,
};
spawnSync('mkdir', ['-p', '-m', '700', runtime, env.XDG_DATA_HOME, env.XDG_CONFIG_HOME]);

const inner = 'printf griddesk | gnome-keyring-daemon --unlock --components=secrets >/dev/null && ' + vitest;
const result = spawnSync('dbus-run-session', ['--', 'sh', '-c', inner], { stdio: 'inherit', env });
rmSync(home, { recursive: true, force: true });
process.exit(result.status ?? 1);
