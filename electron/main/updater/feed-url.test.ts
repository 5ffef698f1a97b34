import { describe, expect, it } from 'vitest';
import { appUpdateYml, checkFeedUrl, resolveFeedUrl } from './feed-url';

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
    expect(resolveFeedUrl('https://test.example/feed', true)).toEqual({
      source: 'UPDATE_FEED_URL',
      url: 'https://test.example/feed/',
    });
    expect(resolveFeedUrl('https://test.example/feed', false)).toEqual({
      source: 'UPDATE_FEED_URL',
      url: 'https://test.example/feed/',
    });
    expect(resolveFeedUrl(undefined, true)).toEqual({ source: 'app-update.yml' });
    expect(resolveFeedUrl('  ', true)).toEqual({ source: 'app-update.yml' });
  });

  it('is off, with the reason, when neither gives a usable feed', () => {
    expect(resolveFeedUrl(undefined, false)).toEqual({ source: null, reason: expect.stringContaining('no UPDATE_FEED_URL') });
    // A bad UPDATE_FEED_URL is refused, not quietly replaced by the baked feed.
    expect(resolveFeedUrl('http://evil.example/', true)).toEqual({
      source: null,
      reason: expect.stringContaining('UPDATE_FEED_URL: http://evil.example'),
    });
  });

  it('writes an app-update.yml as electron-builder does, for a build made without a feed', () => {
    // electron-updater reading it is in app-updater.test.ts.
    expect(appUpdateYml('https://u.example/d/')).toBe(
      'provider: generic\nurl: "https://u.example/d/"\nupdaterCacheDirName: griddesk-updater\n',
    );
  });
});
