/**
 * The macOS signing entitlements (build/entitlements.mac.plist). Electron 12+ runs V8 and
 * WebAssembly (PGlite) under the hardened runtime with `allow-jit` alone (MAP_JIT); every other
 * exception widens what an exploit in the app could do, so none is granted without a need.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const plist = readFileSync(join(root, 'build', 'entitlements.mac.plist'), 'utf8');
const builder = createRequire(import.meta.url)(join(root, 'build', 'electron-builder.cjs')) as {
  mac: { hardenedRuntime: boolean; entitlements: string; entitlementsInherit: string };
};

/** The keys set to <true/> in the plist. */
function grantedEntitlements(xml: string): string[] {
  return [...xml.replace(/<!--[\s\S]*?-->/g, '').matchAll(/<key>([^<]+)<\/key>\s*<true\/>/g)].map((m) => m[1]!);
}

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
