/**
 * The Node version is named in six places (issue 35): package.json's engines and devEngines,
 * .nvmrc (what CI installs when the machine's Node is older, .ci/run), @types/node, the server
 * bundle's esbuild target and the server image. They move together or a contributor's editor, the
 * build and production disagree about which Node's APIs exist.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
const pkg = JSON.parse(read('package.json')) as {
  engines: { node: string };
  devEngines: { runtime: { name: string; version: string; onFail: string } };
  devDependencies: Record<string, string>;
  allowScripts: Record<string, boolean>;
  '//allowScripts': string[];
};
const nvmrc = read('.nvmrc').trim();
const [major, minor] = nvmrc.split('.').map(Number) as [number, number];

describe('the supported Node', () => {
  it('is one range in engines and devEngines, which refuses an older Node', () => {
    expect(pkg.engines.node).toBe('^22.13.0 || >=24');
    expect(pkg.devEngines.runtime).toEqual({ name: 'node', version: pkg.engines.node, onFail: 'error' });
  });

  it('.nvmrc names an exact version inside that range', () => {
    expect(nvmrc).toMatch(/^\d+\.\d+\.\d+$/);
    expect(major === 22 ? minor >= 13 : major >= 24).toBe(true);
  });

  it('@types/node, the esbuild target and the server image follow .nvmrc', () => {
    expect(pkg.devDependencies['@types/node']!.split('.')[0]).toBe(String(major));
    expect(read('scripts/build-node.mjs')).toContain(`target: 'node${major}'`);
    expect(read('deploy/Dockerfile')).toContain(`ARG NODE_IMAGE=node:${nvmrc}-bookworm-slim`);
  });
});

describe('the install-script policy', () => {
  it('lets exactly keytar and esbuild run their install scripts', () => {
    const allowed = Object.entries(pkg.allowScripts)
      .filter(([, on]) => on)
      .map(([name]) => name);
    expect(allowed.sort()).toEqual(['esbuild', 'keytar']);
  });

  it('says why each script that is off is off', () => {
    const why = pkg['//allowScripts'].join(' ');
    for (const [name, on] of Object.entries(pkg.allowScripts)) if (!on) expect(why).toContain(name);
  });
});
