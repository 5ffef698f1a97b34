/**
 * With SMTP_URL unset, mail lands in DATA_DIR/outbox/ (one JSON file per mail) and one log line,
 * so a newcomer can sign up without a mail server; the browser preview lists it through
 * listOutbox, the one reader of that folder.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutboxMail } from '../../common/ipc/contract';
import type { Mailer, MailMessage } from './mailer';

export type { OutboxMail };

export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox');
}

export class OutboxMailer implements Mailer {
  constructor(
    private readonly dataDir: string,
    private readonly log: (line: string) => void,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const mail: OutboxMail = { id: randomUUID(), createdAt: new Date().toISOString(), ...message };
    const dir = outboxDir(this.dataDir);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // The timestamp prefix keeps a directory listing in sending order.
    const file = join(dir, `${mail.createdAt.replace(/[:.]/g, '-')}-${mail.id}.json`);
    await writeFile(file, JSON.stringify(mail, null, 2), { mode: 0o600 });
    this.log(`mail to ${mail.to} "${mail.subject}" written to ${file}`);
  }
}

/**
 * Every mail in DATA_DIR/outbox, newest first; an empty list when there is none. A file that
 * is not a mail (no createdAt to sort by) is skipped rather than breaking the listing.
 */
export async function listOutbox(dataDir: string): Promise<OutboxMail[]> {
  let files: string[];
  try {
    files = (await readdir(outboxDir(dataDir))).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  const mails = await Promise.all(
    files.map(async (f) => {
      try {
        return JSON.parse(await readFile(join(outboxDir(dataDir), f), 'utf8')) as OutboxMail;
      } catch {
        return null; // a file being written right now; it shows up on the next read
      }
    }),
  );
  return mails
    .filter((m): m is OutboxMail => typeof m?.createdAt === 'string')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
