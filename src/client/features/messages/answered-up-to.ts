import type { Message } from '#domain/messages.ts';

/**
 * What a staff reply answers: the newest customer message in the thread as the staff member sees it.
 * Sent with the reply, so a question that arrived after the thread was loaded stays in the inbox.
 * Undefined when the customer has written nothing.
 */
export function answeredUpTo(thread: readonly Message[]): string | undefined {
  return thread.findLast((message) => !message.isFromAdmin)?.id;
}
