import { describe, expect, it } from 'vitest';
import { compareVersions, parseVersion } from './version';

function compare(a: string, b: string): number {
  return compareVersions(parseVersion(a)!, parseVersion(b)!);
}

describe('semantic versions', () => {
  it.each([
    ['0.1.1', '0.1.0', 1],
    ['0.2.0', '0.1.9', 1],
    ['1.0.0', '0.99.99', 1],
    ['0.10.0', '0.9.0', 1],
    ['1.0.0', '1.0.0', 0],
    ['v1.0.0', '1.0.0', 0],
    ['1.0.0+build.7', '1.0.0', 0],
    ['1.0.0-beta', '1.0.0', -1],
    ['1.0.0-alpha', '1.0.0-alpha.1', -1],
    ['1.0.0-alpha.1', '1.0.0-alpha.beta', -1],
    ['1.0.0-beta.2', '1.0.0-beta.11', -1],
    ['1.0.0-rc.1', '1.0.0-beta.11', 1],
  ])('%s against %s is %i', (a, b, order) => {
    expect(compare(a, b)).toBe(order);
    expect(compare(b, a)).toBe(-order || 0);
  });

  it.each(['', 'latest', '1.0', '01.0.0', '1.0.0-', '1.0.0-01', '1.2.3.4', '1.0.0 beta'])('refuses %j', (text) => {
    expect(parseVersion(text)).toBeNull();
  });
});
