import { describe, expect, it } from 'vitest';
import { checkFeedUrl, feedFileUrl, resolveFeedUrl } from './feed-url';

describe('the update feed URL', () => {
  it.each([
    ['https://updates.griddesk.app/desktop', 'https://updates.griddesk.app/desktop/'],
    ['https://updates.griddesk.app/desktop///?x=1#y', 'https://updates.griddesk.app/desktop/'],
    ['http://127.0.0.1:8765', 'http://127.0.0.1:8765/'],
    ['http://localhost:8765/feed', 'http://localhost:8765/feed/'],
  ])('accepts %s', (raw, url) => {
    expect(checkFeedUrl(raw)).toEqual({ url });
  });

  it.each([
    ['http://updates.griddesk.app/', /https/],
    ['ftp://updates.griddesk.app/', /https/],
    ['file:///tmp/feed', /https/],
    ['https://user:pass@updates.griddesk.app/', /user name or password/],
    ['not a url', /not a URL/],
  ])('refuses %s', (raw, message) => {
    const checked = checkFeedUrl(raw);
    expect('error' in checked && checked.error).toMatch(message);
  });

  it('takes UPDATE_FEED_URL first, then the app-update.yml the build baked in', () => {
    const baked = 'provider: generic\nurl: https://updates.griddesk.app/desktop\nupdaterCacheDirName: griddesk-updater\n';
    expect(resolveFeedUrl('https://test.example/feed', baked)).toEqual({ url: 'https://test.example/feed/', source: 'UPDATE_FEED_URL' });
    expect(resolveFeedUrl(undefined, baked)).toEqual({ url: 'https://updates.griddesk.app/desktop/', source: 'app-update.yml' });
    expect(resolveFeedUrl('  ', baked)).toMatchObject({ source: 'app-update.yml' });
  });

  it('is off, with the reason, when neither gives a usable feed', () => {
    expect(resolveFeedUrl(undefined, null)).toMatchObject({ url: null, reason: expect.stringContaining('no UPDATE_FEED_URL') });
    expect(resolveFeedUrl('http://evil.example/', null)).toMatchObject({ url: null, reason: expect.stringContaining('UPDATE_FEED_URL') });
    expect(resolveFeedUrl(undefined, 'provider: github\nowner: x\n')).toMatchObject({ url: null, reason: expect.stringContaining('github') });
    expect(resolveFeedUrl(undefined, ': :')).toMatchObject({ url: null, reason: expect.stringContaining('not readable') });
  });

  it('resolves file names beside the feed file and keeps absolute URLs', () => {
    expect(feedFileUrl('https://u.example/d/', 'GridDesk Setup 1.0.0.exe')).toBe('https://u.example/d/GridDesk%20Setup%201.0.0.exe');
    expect(feedFileUrl('https://u.example/d/', 'https://cdn.example/x.exe')).toBe('https://cdn.example/x.exe');
  });
});
