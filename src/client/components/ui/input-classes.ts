// Apart from input.tsx (and its class merging) so the sign-in page can draw inputs without tailwind-merge.
export const inputClasses =
  'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-brand-600 read-only:bg-slate-100 read-only:text-slate-700 sm:text-sm';
