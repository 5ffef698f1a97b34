import type { Config } from '../config/config';
import type { Mailer } from './mailer';
import { OutboxMailer } from './outbox';
import { SmtpMailer } from './smtp';

export type { Mailer, MailMessage } from './mailer';
export { MemoryMailer } from './mailer';
export { listOutbox, outboxDir, type OutboxMail } from './outbox';

export function createMailer(config: Config, log: (line: string) => void): Mailer {
  return config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new OutboxMailer(config.dataDir, log);
}
