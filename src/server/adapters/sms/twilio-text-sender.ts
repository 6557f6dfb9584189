import type { Twilio } from 'twilio';
import type { SmsConfig } from './sms-config.ts';
import type { OutgoingText, TextSender } from './text-sender.ts';

type TwilioConfig = Extract<SmsConfig, { kind: 'twilio' }>;

/** Bounded waits: a stuck request fails the attempt (and it is retried later) instead of hanging the worker. */
const REQUEST_TIMEOUT_MS = 15_000;

/** Sends through Twilio's Messages API with its official SDK, loaded on the first text. */
export class TwilioTextSender implements TextSender {
  readonly kind = 'twilio';
  private client: Promise<Twilio> | undefined;

  constructor(private readonly config: TwilioConfig) {}

  async send(text: OutgoingText): Promise<{ providerId: string }> {
    const client = await this.connect();
    const { from } = this.config;
    const message = await client.messages.create({
      to: text.to,
      body: text.body,
      ...(from.startsWith('MG') ? { messagingServiceSid: from } : { from }),
    });
    return { providerId: message.sid };
  }

  private connect(): Promise<Twilio> {
    this.client ??= import('twilio').then(({ default: twilio }) => {
      const client = twilio(this.config.accountSid, this.config.authToken, { timeout: REQUEST_TIMEOUT_MS });
      // The REST API's address is the SDK's own setting; tests point it at a local stand-in.
      if (this.config.apiBaseUrl) client.api.baseUrl = this.config.apiBaseUrl;
      return client;
    });
    return this.client;
  }
}
