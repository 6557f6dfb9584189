import { EmlFileMailer } from './eml-file-mailer.ts';
import type { MailConfig } from './mail-config.ts';
import type { Mailer } from './mailer.ts';
import { SmtpMailer } from './smtp-mailer.ts';

export function createMailer(config: MailConfig): Mailer {
  return config.transport.kind === 'smtp'
    ? new SmtpMailer(config.transport.url)
    : new EmlFileMailer(config.transport.dir);
}
