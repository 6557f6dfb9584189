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
