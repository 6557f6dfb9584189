import { clsx } from 'clsx';

// Apart from button.tsx (and its class merging) so that links styled as buttons on the landing page
// do not bring tailwind-merge onto the first page a visitor loads. Two lookups need no variant
// library: class-variance-authority added about 230 bytes to that page's code.
const BASE =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0';

/**
 * A disabled button of any variant is plainly grey: a faded red one ("Lines saved", "Send Estimate")
 * read as an error. The pseudo-class outranks a caller's own colours (e.g. a green Approve).
 */
const DISABLED =
  'disabled:border-slate-300 disabled:bg-slate-200 disabled:text-slate-600 disabled:shadow-none disabled:ring-slate-300';

const VARIANTS = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800',
  secondary: 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50',
  outline: 'border border-current bg-transparent hover:bg-white/10',
  ghost: 'text-slate-700 hover:bg-slate-100',
  link: 'text-brand-700 underline-offset-4 hover:underline',
  /** The main call to action on a dark photo. */
  onDark: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700',
  /** A second action on a dark photo. */
  outlineOnDark: 'border border-white/60 bg-transparent text-white hover:bg-white/10',
};

const SIZES = {
  sm: 'h-9 px-3 text-sm whitespace-nowrap',
  md: 'h-11 px-5 text-sm whitespace-nowrap',
  lg: 'h-12 px-6 text-base whitespace-nowrap',
  /** Large, but a long label wraps onto a second line on a narrow screen. */
  lgWrap: 'min-h-12 px-6 py-3 text-base whitespace-normal',
  icon: 'size-10 whitespace-nowrap',
};

export interface ButtonStyle {
  variant?: keyof typeof VARIANTS | null;
  size?: keyof typeof SIZES | null;
  className?: string;
}

/** A button's classes (a link styled as one too): primary and md unless told. */
export function buttonVariants({ variant, size, className }: ButtonStyle = {}): string {
  return clsx(BASE, VARIANTS[variant ?? 'primary'], SIZES[size ?? 'md'], DISABLED, className);
}
