/**
 * SmtpMailer loads nodemailer with its first mail (not at boot) and sends through it to a real
 * SMTP server; closing one that never sent loads nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMailer } from './smtp';
import { startSmtpReceiver, type SmtpReceiver } from './testing/smtp-receiver';

describe('SmtpMailer', () => {
  let receiver: SmtpReceiver;
  beforeAll(async () => {
    receiver = await startSmtpReceiver();
  });
  afterAll(() => receiver.close());

  it('sends each mail to its recipient from the configured sender', async () => {
    const mailer = new SmtpMailer(receiver.url, 'GridDesk <no-reply@griddesk.local>');
    await mailer.send({ to: 'sam@example.com', subject: 'Your code', text: 'code 123456' });
    await mailer.send({ to: 'ann@example.com', subject: 'Second', text: 'again' });
    await mailer.close();
    expect(receiver.mails.map((mail) => mail.to)).toEqual([['sam@example.com'], ['ann@example.com']]);
    expect(receiver.mails[0]).toMatchObject({ from: 'GridDesk <no-reply@griddesk.local>', subject: 'Your code' });
    expect(receiver.mails[0]!.text).toContain('code 123456');
  });

  it('closes without having sent anything', async () => {
    await expect(new SmtpMailer(receiver.url, 'no-reply@griddesk.local').close()).resolves.toBeUndefined();
  });
});
