import { z } from 'zod';
import { hasVisibleText, multiLineText } from './plain-text.ts';

export const MESSAGE_MAX_LENGTH = 5000;

export const messageSchema = z.object({
  id: z.string(),
  content: z.string(),
  isFromAdmin: z.boolean(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

/** GET /api/estimates/{id}/messages: the conversation, oldest first. */
export const messageListSchema = z.array(messageSchema);

/** POST /api/estimates/{id}/messages. isFromAdmin, if sent, is ignored: the server decides it from the role. */
export const createMessageSchema = z.strictObject({
  content: z
    .string({ error: 'Message cannot be empty' })
    .trim()
    .min(1, 'Message cannot be empty')
    .refine(hasVisibleText, 'Message cannot be empty')
    .max(MESSAGE_MAX_LENGTH, `Messages must be at most ${MESSAGE_MAX_LENGTH} characters`)
    .refine(...multiLineText('Message')),
  isFromAdmin: z.boolean().optional(),
  /**
   * A staff reply: the id of the newest customer message the staff member saw in the thread. The reply
   * answers the waiting messages up to it only, so a question written meanwhile stays in the inbox.
   * Without it, the reply answers every waiting message. Ignored from a customer.
   */
  upToMessageId: z.string().optional(),
});
