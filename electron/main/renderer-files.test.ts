import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentType, resolveUnder } from './renderer-files';

const root = join('/srv', 'renderer');

describe('resolveUnder', () => {
  it('maps / to index.html and paths to files under the root', () => {
    expect(resolveUnder(root, '/')).toBe(join(root, 'index.html'));
    expect(resolveUnder(root, '/assets/app.js')).toBe(join(root, 'assets', 'app.js'));
  });

  it('never leaves the root', () => {
    for (const path of ['/../secret', '/..%2Fsecret', '/assets/../../x', '%2e%2e/x', '/a/%00b', '/%E0%A4%A']) {
      const file = resolveUnder(root, path);
      if (file !== null) expect(file.startsWith(root + '/')).toBe(true);
    }
    expect(resolveUnder(root, '/a/%00b')).toBeNull();
  });

  it('names the content type by extension', () => {
    expect(contentType('x.js')).toMatch(/javascript/);
    expect(contentType('x.unknown')).toBe('application/octet-stream');
  });
});
