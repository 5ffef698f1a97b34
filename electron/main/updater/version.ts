/**
 * Semantic versions (semver 2.0.0 precedence), enough to tell whether the feed's release is newer
 * than the running one. Build metadata (`+...`) is ignored, as semver says.
 */
export interface Version {
  major: number;
  minor: number;
  patch: number;
  /** Dot-separated identifiers after `-`; numeric ones as numbers. Empty for a release. */
  prerelease: (string | number)[];
}

const SEMVER =
  /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+[0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*)?$/;

/** The version, or null when the text is not one (a feed with `version: latest`, say). */
export function parseVersion(text: string): Version | null {
  const match = SEMVER.exec(text.trim());
  if (!match) return null;
  const [, major, minor, patch, pre] = match;
  return {
    major: Number(major),
    minor: Number(minor),
    patch: Number(patch),
    prerelease: pre ? pre.split('.').map((id) => (/^\d+$/.test(id) ? Number(id) : id)) : [],
  };
}

function compareIdentifiers(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return Math.sign(a - b);
  // Numeric identifiers have lower precedence than alphanumeric ones.
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** -1, 0 or 1 as `a` is older than, the same as, or newer than `b`. */
export function compareVersions(a: Version, b: Version): -1 | 0 | 1 {
  const core = Math.sign(a.major - b.major) || Math.sign(a.minor - b.minor) || Math.sign(a.patch - b.patch);
  if (core !== 0) return core as -1 | 1;
  // A release outranks its own pre-releases (1.0.0-beta < 1.0.0).
  if (a.prerelease.length === 0 || b.prerelease.length === 0) {
    return Math.sign(b.prerelease.length - a.prerelease.length) as -1 | 0 | 1;
  }
  const length = Math.max(a.prerelease.length, b.prerelease.length);
  for (let i = 0; i < length; i += 1) {
    const x = a.prerelease[i];
    const y = b.prerelease[i];
    // A longer set of identifiers wins when all before are equal (alpha < alpha.1).
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const order = compareIdentifiers(x, y);
    if (order !== 0) return order as -1 | 1;
  }
  return 0;
}
