import { describe, expect, it } from 'vitest';
import { deepLinkFromArgv, deepLinkToPath } from './deep-link';

describe('deepLinkToPath', () => {
  it('opens the reset-password route from the mail link', () => {
    expect(deepLinkToPath('griddesk://resetpassword/abc-DEF_123')).toBe(
      '/resetpassword/abc-DEF_123',
    );
    expect(deepLinkToPath('griddesk://resetpassword/abc/')).toBe('/resetpassword/abc');
  });

  it('ignores other schemes, routes and odd tokens', () => {
    for (const link of [
      'https://resetpassword/abc',
      'griddesk://dashboard',
      'griddesk://resetpassword/',
      'griddesk://resetpassword/a/b',
      'griddesk://resetpassword/%3Cscript%3E',
      'not a url',
    ]) {
      expect(deepLinkToPath(link)).toBeNull();
    }
  });

  it('finds the link among command-line arguments', () => {
    expect(
      deepLinkFromArgv(['/opt/GridDesk/griddesk', '--flag', 'griddesk://resetpassword/t1']),
    ).toBe('/resetpassword/t1');
    expect(deepLinkFromArgv(['/opt/GridDesk/griddesk'])).toBeNull();
  });
});
