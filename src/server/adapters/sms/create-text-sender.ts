import { FileTextSender } from './file-text-sender.ts';
import type { SmsConfig } from './sms-config.ts';
import type { TextSender } from './text-sender.ts';
import { TwilioTextSender } from './twilio-text-sender.ts';

export function createTextSender(config: SmsConfig): TextSender {
  return config.kind === 'twilio' ? new TwilioTextSender(config) : new FileTextSender(config.dir);
}
