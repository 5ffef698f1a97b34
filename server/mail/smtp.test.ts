/**
 * SmtpMailer loads nodemailer with its first mail (not at boot) and sends through it to a real
 * SMTP server; closing one that never sent loads nothing.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMailer } from './smtp';

interface Received {
  to: string[];
  message: string;
}

describe('SmtpMailer', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let url: string;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), message: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends each mail to its recipient from the configured sender', async () => {
    const mailer = new SmtpMailer(url, 'GridDesk <no-reply@griddesk.local>');
    await mailer.send({ to: 'sam@example.com', subject: 'Your code', text: 'code 123456' });
    await mailer.send({ to: 'ann@example.com', subject: 'Second', text: 'again' });
    await mailer.close();
    expect(received.map((mail) => mail.to)).toEqual([['sam@example.com'], ['ann@example.com']]);
    expect(received[0]!.message).toContain('From: GridDesk <no-reply@griddesk.local>');
    expect(received[0]!.message).toContain('Subject: Your code');
    expect(received[0]!.message).toContain('code 123456');
  });

  it('closes without having sent anything', async () => {
    await expect(new SmtpMailer(url, 'no-reply@griddesk.local').close()).resolves.toBeUndefined();
  });
});
