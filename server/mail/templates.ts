/** Mail bodies: plain text, lines under 76 characters, the code or link on a line of its own. */
import { OTP_TTL_MINUTES, RESET_TOKEN_TTL_MINUTES } from '../../common/constants';
import type { MailMessage } from './mailer';

export function otpMail(to: string, username: string, otp: string): MailMessage {
  return {
    to,
    subject: 'Your GridDesk verification code',
    text: [
      `Hello ${username},`,
      '',
      'Your GridDesk verification code is:',
      '',
      otp,
      '',
      `It is valid for ${OTP_TTL_MINUTES} minutes. If you did not sign up for GridDesk,`,
      'you can ignore this e-mail.',
      '',
    ].join('\n'),
  };
}

/** The deep link opens the desktop app; the web link (APP_WEB_URL) the browser preview. */
export function resetLinks(token: string, appWebUrl: string | null): string[] {
  const links = [`griddesk://resetpassword/${token}`];
  if (appWebUrl) links.push(`${appWebUrl}/#/resetpassword/${token}`);
  return links;
}

/** The line of a reset mail whose link replaced one that still worked. */
export const EARLIER_LINKS_DEAD = 'Links in earlier password reset e-mails no longer work.';

export interface ResetMailOptions {
  /**
   * This link replaced one that still worked: the member (who may be reading an older mail
   * too) is told that only the newest link works.
   */
  replacesLiveLink?: boolean;
}

export function resetMail(to: string, username: string, links: string[], options: ResetMailOptions = {}): MailMessage {
  const [appLink, ...webLinks] = links;
  const web = webLinks.length ? ['', 'Or open it in your browser:', '', ...webLinks] : [];
  const replaced = options.replacesLiveLink ? [EARLIER_LINKS_DEAD, ''] : [];
  return {
    to,
    subject: 'Reset your GridDesk password',
    text: [
      `Hello ${username},`,
      '',
      'Open this link to choose a new GridDesk password:',
      '',
      appLink ?? '',
      ...web,
      '',
      ...replaced,
      `The link works once and expires in ${RESET_TOKEN_TTL_MINUTES} minutes. If you did not`,
      'ask for it, you can ignore this e-mail.',
      '',
    ].join('\n'),
  };
}
