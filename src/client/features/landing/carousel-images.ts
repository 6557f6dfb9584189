// The shop's landing-page images. The WebP files in public/images/ are rendered from the
// SVG illustrations in assets-src/images/ by `node scripts/render-images.mjs`; they can be
// swapped for real photos by keeping the same file names and widths.

export interface CarouselImage {
  src: string;
  srcSet: string;
  alt: string;
}

export const carouselImages: CarouselImage[] = [
  {
    src: '/images/shop-exterior-1200.webp',
    srcSet: '/images/shop-exterior-640.webp 640w, /images/shop-exterior-1200.webp 1200w',
    alt: "The shop's front with three open repair bays, palm trees and a parked car on a sunny morning in Land O' Lakes",
  },
  {
    src: '/images/collision-bay-1200.webp',
    srcSet: '/images/collision-bay-640.webp 640w, /images/collision-bay-1200.webp 1200w',
    alt: 'A car with a damaged front end clamped to a frame-straightening bench in a repair bay, tools hanging on the wall behind',
  },
  {
    src: '/images/paint-booth-1200.webp',
    srcSet: '/images/paint-booth-640.webp 640w, /images/paint-booth-1200.webp 1200w',
    alt: 'A technician in a protective hood spraying a fresh coat of red paint on a car inside a brightly lit paint booth',
  },
  {
    src: '/images/dent-repair-1200.webp',
    srcSet: '/images/dent-repair-640.webp 640w, /images/dent-repair-1200.webp 1200w',
    alt: 'Close-up of paintless dent repair: a striped light board reflects in a car door, showing the dent a technician is working out with a rod',
  },
  {
    src: '/images/handover-1200.webp',
    srcSet: '/images/handover-640.webp 640w, /images/handover-1200.webp 1200w',
    alt: 'A gleaming, freshly repaired red car in the shop as the keys are handed back to its owner',
  },
];
