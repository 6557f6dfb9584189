/** Drop-offs are taken Monday to Friday in three windows a day (15 slots a week). */
export const DROP_OFF_SLOTS = [
  { id: '08:00-10:00', label: '8:00 AM - 10:00 AM' },
  { id: '10:00-12:00', label: '10:00 AM - 12:00 PM' },
  { id: '14:00-16:00', label: '2:00 PM - 4:00 PM' },
] as const;

export type DropOffSlotId = (typeof DROP_OFF_SLOTS)[number]['id'];

export const DROP_OFF_SLOT_IDS = DROP_OFF_SLOTS.map((slot) => slot.id) as [DropOffSlotId, ...DropOffSlotId[]];
