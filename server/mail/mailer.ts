/** Where the platform server's mail goes: SMTP when SMTP_URL is set, the outbox otherwise. */
export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text, every line under 76 characters (tests and members read the raw message). */
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}

/** Keeps mail in memory; for tests. */
export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
  /** The latest mail to `to`, or undefined. */
  lastTo(to: string): MailMessage | undefined {
    return this.sent.filter((m) => m.to === to).at(-1);
  }
}
