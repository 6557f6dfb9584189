// What the landing feature offers the other features: the shop's photos.
export { type CarouselImage, carouselImages, heroImage } from './carousel-images.ts';
