/**
 * latest.yml (latest-mac.yml, latest-linux.yml): what electron-builder publishes beside the
 * installers, read into a checked UpdateInfo. Refusals name what is wrong so the one line the
 * updater logs tells support staff what to fix on the feed.
 */
import { parseVersion, type Version } from './version';
import { parseYamlSubset, type YamlValue } from './yaml-subset';

export interface UpdateFile {
  /** As written in the feed: a name beside latest.yml or an absolute URL. */
  url: string;
  /** Base64 SHA-512 of the file. */
  sha512: string;
  size: number | null;
}

export interface UpdateInfo {
  version: string;
  parsedVersion: Version;
  files: UpdateFile[];
  releaseNotes: string | null;
  releaseDate: string | null;
}

export class MalformedFeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedFeedError';
  }
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function readFile(entry: Record<string, unknown>, index: number): UpdateFile {
  const { url, sha512, size } = entry;
  if (typeof url !== 'string' || url === '') throw new MalformedFeedError(`files[${index}] has no url`);
  // 64 bytes of SHA-512 are 88 base64 characters.
  if (typeof sha512 !== 'string' || sha512.length !== 88 || !BASE64.test(sha512)) {
    throw new MalformedFeedError(`files[${index}] (${url}) has no base64 sha512`);
  }
  if (size !== undefined && size !== null && (typeof size !== 'number' || !Number.isSafeInteger(size) || size <= 0)) {
    throw new MalformedFeedError(`files[${index}] (${url}) has an invalid size`);
  }
  return { url, sha512, size: typeof size === 'number' ? size : null };
}

function optionalText(doc: Record<string, YamlValue>, key: string): string | null {
  const value = doc[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new MalformedFeedError(`${key} is not text`);
  return value;
}

/** The checked feed file; throws MalformedFeedError for anything the updater cannot trust. */
export function parseUpdateInfo(text: string): UpdateInfo {
  let doc: Record<string, YamlValue>;
  try {
    doc = parseYamlSubset(text);
  } catch (error) {
    throw new MalformedFeedError(`not readable YAML (${(error as Error).message})`);
  }
  const rawVersion = doc.version;
  const version = typeof rawVersion === 'string' || typeof rawVersion === 'number' ? String(rawVersion) : null;
  const parsedVersion = version === null ? null : parseVersion(version);
  if (!version || !parsedVersion) throw new MalformedFeedError(`version ${JSON.stringify(rawVersion ?? null)} is not a semantic version`);
  let files: UpdateFile[];
  if (Array.isArray(doc.files)) {
    files = doc.files.map(readFile);
  } else if (doc.files === undefined && typeof doc.path === 'string') {
    // Feeds written before electron-builder 20 name one file at the top level.
    files = [readFile({ url: doc.path, sha512: doc.sha512, size: undefined }, 0)];
  } else {
    throw new MalformedFeedError('no files list');
  }
  if (files.length === 0) throw new MalformedFeedError('the files list is empty');
  return {
    version,
    parsedVersion,
    files,
    releaseNotes: optionalText(doc, 'releaseNotes'),
    releaseDate: optionalText(doc, 'releaseDate'),
  };
}
