// What the landing feature offers the other features: the shop's photos and their descriptions.
export { type CarouselImage, carouselImages } from './carousel-images.ts';
export { imageAltId } from './image-alts.ts';
