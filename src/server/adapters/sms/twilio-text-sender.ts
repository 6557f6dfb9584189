import type { Twilio } from 'twilio';
import type { SmsConfig } from './sms-config.ts';
import { type OutgoingText, RecipientOptedOutError, type TextSender } from './text-sender.ts';

type TwilioConfig = Extract<SmsConfig, { kind: 'twilio' }>;

/** Twilio's "Attempt to send to unsubscribed recipient". */
const UNSUBSCRIBED_RECIPIENT = 21610;

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
    try {
      const message = await client.messages.create({
        to: text.to,
        body: text.body,
        ...(from.startsWith('MG') ? { messagingServiceSid: from } : { from }),
      });
      return { providerId: message.sid };
    } catch (error) {
      if ((error as { code?: unknown }).code === UNSUBSCRIBED_RECIPIENT)
        throw new RecipientOptedOutError(text.to);
      throw error;
    }
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
