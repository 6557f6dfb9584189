/**
 * The photo at the top of the landing and about pages, the largest thing on a phone's first screen.
 * The browser app draws it and the server names it in the page's head (a preload of the same
 * candidate the img will choose), so both read it from here.
 */
export const HERO_IMAGE = {
  src: '/images/hero-1600.webp',
  srcSet: '/images/hero-800.webp 800w, /images/hero-1600.webp 1600w',
  /** Drawn across the whole viewport's width. */
  sizes: '100vw',
} as const;
