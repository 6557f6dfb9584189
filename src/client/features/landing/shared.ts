// What the landing feature offers the other features: the shop's photos and their descriptions.
export { type CarouselImage, carouselImages, heroImage } from './carousel-images.ts';
export { imageAltId } from './image-alts.ts';
