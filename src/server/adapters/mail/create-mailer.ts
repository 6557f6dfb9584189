import { EmlFileMailer } from './eml-file-mailer.js';
import type { MailConfig } from './mail-config.js';
import type { Mailer } from './mailer.js';
import { SmtpMailer } from './smtp-mailer.js';

export function createMailer(config: MailConfig): Mailer {
  return config.transport.kind === 'smtp'
    ? new SmtpMailer(config.transport.url)
    : new EmlFileMailer(config.transport.dir);
}
