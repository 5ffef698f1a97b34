import { describe, expect, it } from 'vitest';
import { resetLinks } from '../../server/mail/templates';
import { deepLinkFromArgv, deepLinkToPath } from './deep-link';

describe('deepLinkToPath', () => {
  it('opens the reset-password route from the mail link', () => {
    expect(deepLinkToPath('griddesk://resetpassword/abc-DEF_123')).toBe('/resetpassword/abc-DEF_123');
    expect(deepLinkToPath('griddesk://resetpassword/abc/')).toBe('/resetpassword/abc');
    expect(deepLinkToPath('GRIDDESK://ResetPassword/abc')).toBe('/resetpassword/abc');
  });

  it('opens the link the reset mail really carries', () => {
    const token = 'Zm9vYmFy-_0123456789abcdefABCDEF';
    const [appLink] = resetLinks(token, 'http://127.0.0.1:5173');
    expect(deepLinkToPath(appLink!)).toBe(`/resetpassword/${token}`);
  });

  it("opens a bot's page", () => {
    expect(deepLinkToPath('griddesk://running-bot/5f0c7a52-51d6-4c1e-9d0b-0c8f2f1f3a10')).toBe(
      '/running-bot/5f0c7a52-51d6-4c1e-9d0b-0c8f2f1f3a10',
    );
  });

  it('ignores other schemes, routes, odd values and extra parts', () => {
    for (const link of [
      'https://resetpassword/abc',
      'griddesk://dashboard',
      'griddesk://dashboard/x',
      'griddesk://resetpassword/',
      'griddesk://resetpassword/a/b',
      'griddesk://resetpassword/%3Cscript%3E',
      'griddesk://resetpassword/abc?next=/mywallet',
      'griddesk://user:pw@resetpassword/abc',
      'griddesk://running-bot/..',
      'griddesk://running-bot/a.b',
      'griddesk://running-bot/' + 'a'.repeat(65),
      'griddesk://constructor/x',
      'griddesk://__proto__/x',
      'not a url',
    ]) {
      expect(deepLinkToPath(link), link).toBeNull();
    }
  });

  it('finds the link among command-line arguments', () => {
    expect(deepLinkFromArgv(['/opt/GridDesk/griddesk', '--flag', 'griddesk://resetpassword/t1'])).toBe('/resetpassword/t1');
    expect(deepLinkFromArgv(['/opt/GridDesk/griddesk', 'griddesk://running-bot/b-7'])).toBe('/running-bot/b-7');
    expect(deepLinkFromArgv(['/opt/GridDesk/griddesk'])).toBeNull();
  });
});
