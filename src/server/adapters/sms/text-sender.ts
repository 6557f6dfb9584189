/** One repair update by text, as the outbox hands it over. */
export interface OutgoingText {
  /** The same on every attempt: the file name of a written text, and the log's reference. */
  id: string;
  /** E.164, e.g. '+18135550101'. */
  to: string;
  body: string;
  /** When it was written (the outbox row's time). */
  date: Date;
}

/** Where texts go: Twilio, or one file per text under DATA_DIR/sms that a fresh install can read. */
export interface TextSender {
  readonly kind: 'twilio' | 'files';
  /** Resolves with the provider's id once the text was accepted; throws with the reason otherwise. */
  send(text: OutgoingText): Promise<{ providerId: string }>;
}

/**
 * The provider refuses the number because it opted out there (Twilio's error 21610: the customer
 * replied STOP and the reply never reached the app, or reached it while it was down).
 */
export class RecipientOptedOutError extends Error {
  constructor(readonly to: string) {
    super(`${to} has opted out of texts at the provider (replied STOP).`);
    this.name = 'RecipientOptedOutError';
  }
}
