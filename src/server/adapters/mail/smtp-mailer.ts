import nodemailer from 'nodemailer';
import type { Mailer, OutgoingMail } from './mailer.ts';

/** Bounded waits: a stuck server fails the attempt (and it is retried later) instead of hanging the worker. */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/** Sends through the SMTP server named by SMTP_URL (smtp:// with STARTTLS, or smtps://). */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport: ReturnType<typeof createSmtpTransport>;

  constructor(url: string, options: { tls?: { rejectUnauthorized: boolean } } = {}) {
    this.transport = createSmtpTransport(url, options);
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail(mail);
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

function createSmtpTransport(url: string, options: { tls?: { rejectUnauthorized: boolean } }) {
  return nodemailer.createTransport({ url, ...TIMEOUTS, ...options });
}
