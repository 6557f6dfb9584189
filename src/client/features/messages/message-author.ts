import { shop } from '#client/lib/shop.ts';
import type { Message } from '#domain/messages.ts';

/** The words a viewer's thread names its writers with ("You", "Customer"); the shop signs with its name. */
export interface AuthorWords {
  you: string;
  customer: string;
}

/**
 * Who wrote a message, as this viewer reads it. Whatever the shop writes (a note by the staff, or one
 * the app adds itself, such as "Payment received") is signed with the shop's name, never "Admin".
 */
export function messageAuthor(message: Message, mine: boolean, words: AuthorWords): string {
  if (mine) return words.you;
  return message.isFromAdmin ? shop.name : words.customer;
}
