/**
 * Who books: the signed-in customer on their estimate page, or whoever holds a reminder's link
 * (signed out). Both reach the same windows and the same rules; only the address differs.
 */
export type BookingSource = { kind: 'estimate'; estimateId: string } | { kind: 'link'; token: string };

/** The booking's base address: POST books (or moves), and `/windows` lists the open windows. */
export function bookingUrl(source: BookingSource): string {
  return source.kind === 'estimate'
    ? `/api/estimates/${encodeURIComponent(source.estimateId)}/drop-off`
    : `/api/drop-off-links/${encodeURIComponent(source.token)}`;
}

export const sourceKey = (source: BookingSource) =>
  source.kind === 'estimate' ? source.estimateId : `link:${source.token}`;
