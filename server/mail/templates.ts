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

export function resetMail(to: string, username: string, links: string[]): MailMessage {
  const [appLink, ...webLinks] = links;
  const web = webLinks.length ? ['', 'Or open it in your browser:', '', ...webLinks] : [];
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
      `The link works once and expires in ${RESET_TOKEN_TTL_MINUTES} minutes. If you did not`,
      'ask for it, you can ignore this e-mail.',
      '',
    ].join('\n'),
  };
}
