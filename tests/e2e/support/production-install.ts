/**
 * A production install in a scratch folder, as a production host gets it: the files of
 * PRODUCTION_INSTALL copied from the build (never the source tree), then
 * `npm ci --omit=dev --ignore-scripts` beside them, so only package.json's dependencies (and
 * optionalDependencies) are there.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What a production install is: the manifest and lockfile `npm ci` installs from, and the built
 * server (main.js, the CLIs in cli/, their chunks, the migrations and the PGlite first-boot
 * template). README's Deploy > Production install names the same paths.
 */
export const PRODUCTION_INSTALL = ['package.json', 'package-lock.json', 'dist/server'] as const;

/**
 * The install command. --ignore-scripts: nothing the server loads needs an install script
 * (@node-rs/argon2 comes as a prebuilt per-platform package, bufferutil and utf-8-validate ship
 * prebuilds, ccxt's postinstall only prints a banner), and keytar's (fetching or compiling its
 * native module) is the desktop's alone.
 */
export const PRODUCTION_NPM_CI = ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'] as const;

/** A cold npm cache downloads every production package (~200 MB installed). */
const NPM_CI_GIVE_UP_MS = 540_000;

/**
 * npm's own settings from the environment, minus what `npm run` adds about the project it runs
 * in (npm_config_local_prefix would point npm at the repository, not the scratch folder). The
 * TLS trust settings are kept: behind a proxy that re-signs TLS (this CI machine is one), a
 * scratch `npm ci` without NODE_EXTRA_CA_CERTS failed every registry request with
 * SELF_SIGNED_CERT_IN_CHAIN, retried each with back-off and only then fell back to the cache:
 * 150 s instead of 14 s, with nothing in its output to say why.
 */
const NPM_ENV_KEPT =
  /^(npm_config_(cache|registry|userconfig|globalconfig|cafile|strict_ssl)|https?_proxy|no_proxy|node_extra_ca_certs|ssl_cert_file|ssl_cert_dir)$/i;

export function npmEnvFrom(env: NodeJS.ProcessEnv): Record<string, string> {
  const kept = Object.entries(env).filter(
    (entry): entry is [string, string] => NPM_ENV_KEPT.test(entry[0]) && entry[1] !== undefined,
  );
  return { PATH: env.PATH ?? '', HOME: env.HOME ?? '', ...Object.fromEntries(kept) };
}

function npm(args: readonly string[], cwd: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn('npm', args, { cwd, env: npmEnvFrom(process.env), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), NPM_CI_GIVE_UP_MS);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) done();
      else fail(new Error(`npm ${args.join(' ')} in ${cwd} exited ${code}:\n${output}`));
    });
  });
}

export interface ProductionInstall {
  dir: string;
  close(): Promise<void>;
}

/** Copies PRODUCTION_INSTALL from the repository's build (run `npm run build:node` first) and installs. */
export async function makeProductionInstall(): Promise<ProductionInstall> {
  const dir = await mkdtemp(join(tmpdir(), 'griddesk-production-install-'));
  const close = () => rm(dir, { recursive: true, force: true });
  try {
    for (const path of PRODUCTION_INSTALL) await cp(path, join(dir, path), { recursive: true });
    await npm(PRODUCTION_NPM_CI, dir);
  } catch (error) {
    await close();
    throw error;
  }
  return { dir, close };
}
