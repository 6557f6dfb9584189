import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutgoingText, TextSender } from './text-sender.ts';

/**
 * Without Twilio each text becomes a small file under DATA_DIR/sms, so a fresh install shows exactly
 * what it would send. Sending the same text again rewrites the same file.
 */
export class FileTextSender implements TextSender {
  readonly kind = 'files';

  constructor(readonly dir: string) {}

  async send(text: OutgoingText): Promise<{ providerId: string }> {
    await mkdir(this.dir, { recursive: true });
    const name = textFileName(text);
    const file = path.join(this.dir, name);
    const partial = `${file}.partial`;
    await writeFile(partial, `To: ${text.to}\nDate: ${text.date.toISOString()}\n\n${text.body}\n`);
    await rename(partial, file);
    return { providerId: name };
  }
}

/** '2026-03-02T14-05-09-123Z-<id>.txt': sorts by time, safe on every file system. */
export function textFileName(text: Pick<OutgoingText, 'date' | 'id'>): string {
  const time = text.date.toISOString().replace(/[:.]/g, '-');
  return `${time}-${text.id.replace(/[^A-Za-z0-9-]/g, '')}.txt`;
}
