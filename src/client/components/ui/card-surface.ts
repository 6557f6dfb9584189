// Apart from card.tsx (and its class merging) so the landing page can draw cards without tailwind-merge.
export const cardSurface = 'rounded-xl border border-slate-200 bg-white';
