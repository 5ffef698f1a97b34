import type { Transporter } from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

export class SmtpMailer implements Mailer {
  private transport: Promise<Transporter> | null = null;

  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
  ) {}

  /** nodemailer loads with the first mail, not at boot (40-400 ms of it, bench:startup). */
  private transporter(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ createTransport }) => createTransport(this.smtpUrl));
    return this.transport;
  }

  async send(message: MailMessage): Promise<void> {
    await (await this.transporter()).sendMail({ from: this.from, ...message });
  }

  async close(): Promise<void> {
    const transport = await this.transport?.catch(() => null);
    transport?.close();
  }
}
