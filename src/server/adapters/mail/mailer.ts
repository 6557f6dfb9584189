/** One e-mail ready to go: rendered text and HTML, addressed, with a stable Message-ID. */
export interface OutgoingMail {
  /** The same id on every attempt: a message delivered twice after a crash looks like one to mail clients. */
  messageId: string;
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the message (the estimate or invoice PDF), carried as base64 text. */
  attachments?: MailAttachment[];
  /** When the change that caused it happened (the Date header). */
  date: Date;
}

/** nodemailer's own attachment shape, so a message passes to it unchanged. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  encoding: 'base64';
}

/** Where outgoing mail goes: an SMTP server, or .eml files a fresh install can look at. */
export interface Mailer {
  readonly kind: 'smtp' | 'eml-files';
  /** Resolves once the message was accepted; throws with the reason otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}
