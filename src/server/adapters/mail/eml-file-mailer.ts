import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer, OutgoingMail } from './mailer.ts';

/**
 * Without SMTP_URL each message becomes an .eml file (open it in any mail program) under
 * DATA_DIR/outbox, so a fresh install shows exactly what it would send. The name comes from the
 * message's time and id: sending the same message again rewrites the same file.
 */
export class EmlFileMailer implements Mailer {
  readonly kind = 'eml-files';
  private readonly composer = nodemailer.createTransport({ streamTransport: true, buffer: true });

  constructor(readonly dir: string) {}

  async send(mail: OutgoingMail): Promise<void> {
    const { message } = await this.composer.sendMail(mail);
    if (!Buffer.isBuffer(message)) throw new Error('the mail composer returned no message');
    await mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, emlFileName(mail));
    // Written aside and renamed into place: a reader never sees half a message.
    const partial = `${file}.partial`;
    await writeFile(partial, message);
    await rename(partial, file);
  }

  async close(): Promise<void> {}
}

/** '2026-03-02T14-05-09-123Z-<id>.eml': sorts by time, safe on every file system. */
export function emlFileName(mail: Pick<OutgoingMail, 'date' | 'messageId'>): string {
  const time = mail.date.toISOString().replace(/[:.]/g, '-');
  const id = mail.messageId.replace(/^<|@.*$|>$/g, '').replace(/[^A-Za-z0-9-]/g, '');
  return `${time}-${id}.eml`;
}
