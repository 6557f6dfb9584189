/**
 * What a drop-off page opened from a reminder's "Yes, I'll be there" does with the booking it shows:
 * `?confirm=<appointment id>` names the booking reminded of. The same booking, not confirmed yet and
 * not past: confirm it at once (one tap from the text). Another booking (the shop moved it since):
 * say so and let the customer confirm the new time themselves. `?confirm=1` (links sent before the
 * id was added) and a page opened without it: nothing of itself.
 */
export type ConfirmIntent = 'confirm' | 'moved' | 'none';

export function confirmIntent(
  requested: string | null,
  dropOff: { id: string; date: string; confirmedAt: string | null } | null,
  today: string,
): ConfirmIntent {
  if (!requested || requested === '1' || !dropOff || dropOff.date < today) return 'none';
  if (requested !== dropOff.id) return 'moved';
  return dropOff.confirmedAt ? 'none' : 'confirm';
}
