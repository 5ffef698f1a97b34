/**
 * A real SMTP server the platform server mails to, so tests read what was sent (the e2e suite's
 * OTPs and reset links, SmtpMailer's own test): recipients, sender, subject and text.
 */
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  /** The From header as sent. */
  from: string;
  subject: string;
  text: string;
}

export interface SmtpReceiver {
  url: string;
  mails: ReceivedMail[];
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        mails.push({ to, ...parseMessage(Buffer.concat(chunks).toString('utf8')) });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  async function waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = [...mails].reverse().find(predicate);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching mail within ${timeoutMs} ms (got ${mails.length})`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        waiters.add(wake);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Enough MIME for the platform's plain-text mails: headers, then a 7bit or QP body. */
export function parseMessage(raw: string): { from: string; subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = split >= 0 ? raw.slice(0, split) : raw;
  let body = split >= 0 ? raw.slice(split + 4) : '';
  const headers = head.replace(/\r\n[ \t]+/g, ' ');
  const subject = /^subject:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? '';
  const from = /^from:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? '';
  if (/^content-transfer-encoding:\s*quoted-printable/im.test(headers)) {
    body = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } else if (/^content-transfer-encoding:\s*base64/im.test(headers)) {
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return { from, subject, text: body.replace(/\r\n/g, '\n') };
}
